import { useMemo, useRef, useState } from 'react';
import {
  Box, FormControlLabel, IconButton, List, ListItemButton, ListItemText, Menu, MenuItem, Paper, Stack, Switch, TextField,
  Tooltip, Typography, useMediaQuery,
} from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import MicIcon from '@mui/icons-material/Mic';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import ContactPhoneOutlinedIcon from '@mui/icons-material/ContactPhoneOutlined';
import VideocamOutlinedIcon from '@mui/icons-material/VideocamOutlined';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import useLocalStorage from '../../../hooks/useLocalStorage';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import { useAuth } from '../../auth/hooks/useAuth';
import { useSettingValue } from '../../tickets/hooks/useLookups';
import { QUICK_ANSWER_PREVIEW_MAX, asList, truncate } from '../../tickets/utils/format';
import { companyIdOf, isOn } from '../../tickets/utils/permissions';
import { editMessage, sendMedia, sendMessage } from '../api/messagesApi';
import useAudioRecorder, { formatElapsed } from '../hooks/useAudioRecorder';
import { SIGN_MESSAGE_KEY, buildVCard } from '../utils/messageRules';
import CameraModal from './CameraModal';
import EmojiButton from './EmojiButton';
import MediaPreviewDialog from './MediaPreviewDialog';
import SendContactModal from './SendContactModal';
import ScheduleButton from '../../schedules/components/ScheduleButton';

const MEETING_BASE = 'https://meet.jit.si/atende-';
const MOBILE_PLACEHOLDER_MAX = 20;

/** Quick answers whose shortcode matches what follows '/'. */
export function matchQuickAnswers(list, text) {
  if (!String(text).startsWith('/')) return [];
  const query = String(text).slice(1).toLowerCase();
  return list.filter((q) => String(q.shortcode || '').toLowerCase().includes(query));
}

/** A message that is only spaces or empty is never sent. */
export const isBlank = (text) => !String(text || '').trim();

function QuickAnswers({ items, onPick }) {
  if (!items.length) return null;
  return (
    <Paper elevation={4} sx={{ position: 'absolute', bottom: '100%', left: 8, right: 8, maxHeight: 240, overflowY: 'auto', zIndex: 2 }}
      data-testid="quick-answers">
      <List dense disablePadding>
        {items.map((q) => (
          <ListItemButton key={q.id} onClick={() => onPick(q)} data-testid="quick-answer">
            <ListItemText primary={`/${q.shortcode}`} secondary={truncate(q.message, QUICK_ANSWER_PREVIEW_MAX)} />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}

/** Composer: text, emoji, attachments, camera, contact card, audio, signature and private note. */
export default function MessageInput({ ticket, replyingTo, onCancelReply, editing, onCancelEdit, onSent }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const narrow = useMediaQuery((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [isPrivate, setIsPrivate] = useState(false);
  const [signStored, setSignStored] = useLocalStorage(SIGN_MESSAGE_KEY, true);
  const signEnabled = isOn(useSettingValue('sendSignMessage'));
  const signMessage = signEnabled && Boolean(signStored);
  const [attachAnchor, setAttachAnchor] = useState(null);
  const [files, setFiles] = useState(null);
  const [initialCaption, setInitialCaption] = useState('');
  const [cameraOpen, setCameraOpen] = useState(false);
  const [contactOpen, setContactOpen] = useState(false);
  const mediaInput = useRef(null);
  const docInput = useRef(null);
  const inputRef = useRef(null);
  const recorder = useAudioRecorder();
  const [editKey, setEditKey] = useState(null);

  const canWrite = ['open', 'group'].includes(ticket?.status);
  const wantsQuick = text.startsWith('/');
  const { data: quickData } = useSWR(
    wantsQuick ? ['/quick-messages/list', { companyId: companyIdOf(user), userId: user.id }] : null,
  );
  const quickItems = useMemo(() => matchQuickAnswers(asList(quickData, 'records'), text), [quickData, text]);

  // Entering edit mode fills the box with the message's text.
  if (editing && editKey !== editing.id) {
    setEditKey(editing.id);
    setText(editing.body || '');
  } else if (!editing && editKey !== null) {
    setEditKey(null);
  }

  const insert = (value) => {
    const el = inputRef.current;
    if (!el) {
      setText((current) => current + value);
      return;
    }
    const start = el.selectionStart ?? text.length;
    const end = el.selectionEnd ?? text.length;
    setText(text.slice(0, start) + value + text.slice(end));
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(start + value.length, start + value.length);
    });
  };

  const submitText = async () => {
    if (isBlank(text) || sending) return;
    setSending(true);
    try {
      if (editing) {
        const edited = await editMessage(editing.id, text.trim());
        onSent(edited || { ...editing, body: text.trim(), isEdited: true });
        onCancelEdit();
      } else {
        const sent = await sendMessage(ticket.id, {
          read: 1,
          fromMe: true,
          mediaUrl: '',
          body: text.trim(),
          quotedMsgId: replyingTo?.id ?? null,
          quotedMsg: replyingTo ? { id: replyingTo.id } : undefined,
          isPrivate,
          signMessage,
        });
        onSent(sent);
        onCancelReply();
      }
      setText('');
    } catch (error) {
      toastError(error);
    } finally {
      setSending(false);
    }
  };

  const submitFiles = async (caption) => {
    if (!files?.length) return;
    setSending(true);
    try {
      const sent = await sendMedia(ticket.id, files, { body: caption, isPrivate, signMessage });
      onSent(sent);
      setFiles(null);
      setInitialCaption('');
      onCancelReply();
    } catch (error) {
      toastError(error);
    } finally {
      setSending(false);
    }
  };

  const sendContactCard = async (contact) => {
    try {
      const sent = await sendMessage(ticket.id, { body: '', vCard: buildVCard(contact), isPrivate, signMessage: false });
      onSent(sent);
    } catch (error) {
      toastError(error);
    }
  };

  const pickQuick = async (quick) => {
    if (quick.mediaUrl) {
      try {
        const res = await fetch(quick.mediaUrl);
        const blob = await res.blob();
        const name = (quick.mediaName || quick.mediaPath || 'arquivo').split('/').pop().split('?')[0];
        setInitialCaption(quick.message || '');
        setFiles([new File([blob], name, { type: blob.type })]);
        setText('');
        return;
      } catch {
        // Falls back to the text below.
      }
    }
    setText(quick.message || '');
  };

  const onFilesChosen = (event) => {
    const chosen = Array.from(event.target.files || []);
    event.target.value = '';
    if (chosen.length) {
      setInitialCaption(text);
      setFiles(chosen);
      setText('');
    }
  };

  const stopRecording = async () => {
    const file = await recorder.stop();
    if (!file) {
      toast.warning(t('messageInput.recordingTooShort'));
      return;
    }
    setSending(true);
    try {
      const sent = await sendMedia(ticket.id, [file], { isPrivate, signMessage: false });
      onSent(sent);
    } catch (error) {
      toastError(error);
    } finally {
      setSending(false);
    }
  };

  const sendMeeting = () => {
    setAttachAnchor(null);
    insert(`${MEETING_BASE}${ticket.id}-${Date.now().toString(36)}`);
  };

  const placeholder = canWrite
    ? narrow
      ? truncate(t('messageInput.placeholder'), MOBILE_PLACEHOLDER_MAX)
      : t('messageInput.placeholder')
    : t('messageInput.disabled');

  const banner = (replyingTo || editing) && (
    <Stack direction="row" sx={{ alignItems: 'center', px: 2, pt: 1 }} spacing={1} data-testid={editing ? 'editing-banner' : 'reply-banner'}>
      <Box sx={{ flex: 1, borderLeft: 4, borderColor: 'primary.main', bgcolor: 'action.hover', px: 1, py: 0.5, borderRadius: 1, minWidth: 0 }}>
        <Typography variant="caption" sx={{ fontWeight: 700 }}>
          {editing ? t('messageInput.editing') : replyingTo.fromMe ? t('messages.you') : ticket?.contact?.name}
        </Typography>
        <Typography variant="body2" noWrap>{(editing || replyingTo).body || t('messages.media')}</Typography>
      </Box>
      <IconButton onClick={editing ? () => { onCancelEdit(); setText(''); } : onCancelReply} aria-label={t('common.cancel')}
        data-testid="banner-cancel">
        <CloseIcon />
      </IconButton>
    </Stack>
  );

  return (
    <Paper square elevation={0} sx={{ borderTop: 1, borderColor: 'divider', position: 'relative' }} data-testid="message-input">
      {banner}
      {wantsQuick && canWrite && <QuickAnswers items={quickItems} onPick={pickQuick} />}
      {recorder.recording ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'flex-end', p: 1 }} data-testid="recorder">
          <IconButton onClick={recorder.cancel} color="error" data-testid="record-cancel" aria-label={t('messageInput.recordCancel')}>
            <HighlightOffIcon />
          </IconButton>
          <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: 'error.main' }} />
          <Typography data-testid="record-timer">{formatElapsed(recorder.elapsed)}</Typography>
          <IconButton onClick={stopRecording} color="success" data-testid="record-send" aria-label={t('messageInput.recordSend')}>
            <CheckCircleIcon />
          </IconButton>
        </Stack>
      ) : (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-end', p: 1 }}>
          <EmojiButton onPick={insert} disabled={!canWrite} />
          <Tooltip title={t('messageInput.attach')}>
            <span>
              <IconButton onClick={(e) => setAttachAnchor(e.currentTarget)} disabled={!canWrite || Boolean(editing)}
                data-testid="input-attach" aria-label={t('messageInput.attach')}>
                <AttachFileIcon />
              </IconButton>
            </span>
          </Tooltip>
          <ScheduleButton ticket={ticket} disabled={Boolean(editing)} />
          <TextField
            inputRef={inputRef}
            fullWidth
            multiline
            maxRows={6}
            size="small"
            placeholder={placeholder}
            disabled={!canWrite || sending}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !wantsQuick) {
                e.preventDefault();
                submitText();
              }
            }}
            slotProps={{ htmlInput: { 'data-testid': 'message-text' } }}
            sx={{ bgcolor: isPrivate ? '#fff8dc' : 'transparent' }}
          />
          {text.trim() || editing ? (
            <IconButton color="primary" onClick={submitText} disabled={!canWrite || sending || isBlank(text)} data-testid="message-send"
              aria-label={t('messageInput.send')}>
              <SendIcon />
            </IconButton>
          ) : (
            <IconButton onClick={recorder.start} disabled={!canWrite || sending} data-testid="record-start" aria-label={t('messageInput.record')}>
              <MicIcon />
            </IconButton>
          )}
        </Stack>
      )}
      <Stack direction="row" spacing={2} sx={{ px: 2, pb: 0.5 }}>
        {signEnabled && (
          <FormControlLabel
            control={<Switch size="small" checked={Boolean(signStored)} onChange={(e) => setSignStored(e.target.checked)}
              slotProps={{ input: { 'data-testid': 'input-sign' } }} />}
            label={t('messageInput.sign')}
            slotProps={{ typography: { variant: 'caption' } }}
          />
        )}
        <FormControlLabel
          control={<Switch size="small" checked={isPrivate} onChange={(e) => setIsPrivate(e.target.checked)}
            slotProps={{ input: { 'data-testid': 'input-private' } }} />}
          label={t('messageInput.private')}
          slotProps={{ typography: { variant: 'caption' } }}
        />
      </Stack>
      <input ref={mediaInput} type="file" hidden multiple accept="image/*,video/*,audio/*" onChange={onFilesChosen} data-testid="input-file-media" />
      <input ref={docInput} type="file" hidden multiple accept="application/*,text/*" onChange={onFilesChosen} data-testid="input-file-document" />
      <Menu anchorEl={attachAnchor} open={Boolean(attachAnchor)} onClose={() => setAttachAnchor(null)}>
        <MenuItem onClick={() => { setAttachAnchor(null); mediaInput.current?.click(); }} data-testid="attach-media">
          <ImageOutlinedIcon sx={{ mr: 1 }} />{t('messageInput.attachMenu.media')}
        </MenuItem>
        <MenuItem onClick={() => { setAttachAnchor(null); setCameraOpen(true); }} data-testid="attach-camera">
          <PhotoCameraOutlinedIcon sx={{ mr: 1 }} />{t('messageInput.attachMenu.camera')}
        </MenuItem>
        <MenuItem onClick={() => { setAttachAnchor(null); docInput.current?.click(); }} data-testid="attach-document">
          <DescriptionOutlinedIcon sx={{ mr: 1 }} />{t('messageInput.attachMenu.document')}
        </MenuItem>
        <MenuItem onClick={() => { setAttachAnchor(null); setContactOpen(true); }} data-testid="attach-contact">
          <ContactPhoneOutlinedIcon sx={{ mr: 1 }} />{t('messageInput.attachMenu.contact')}
        </MenuItem>
        <MenuItem onClick={sendMeeting} data-testid="attach-meeting">
          <VideocamOutlinedIcon sx={{ mr: 1 }} />{t('messageInput.attachMenu.meeting')}
        </MenuItem>
      </Menu>
      <MediaPreviewDialog files={files} initialCaption={initialCaption} sending={sending}
        onCancel={() => { setFiles(null); setInitialCaption(''); }} onSend={submitFiles} />
      <CameraModal open={cameraOpen} onClose={() => setCameraOpen(false)} onCapture={(file) => setFiles([file])} />
      <SendContactModal open={contactOpen} onClose={() => setContactOpen(false)} onSend={sendContactCard} />
    </Paper>
  );
}
