import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Avatar, Box, Chip, CircularProgress, IconButton, TextField, Tooltip, Typography } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import MicIcon from '@mui/icons-material/Mic';
import SendIcon from '@mui/icons-material/Send';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../utils/toastError';
import { conversation, isTyping } from '../api/conversation';
import useAudioRecorder, { formatElapsed } from '../../messages/hooks/useAudioRecorder';
import useSandboxConversation from '../hooks/useSandboxConversation';
import MessageBubble from './MessageBubble';
import QuickReplies from './QuickReplies';

/** The customer records a voice note (sent as an audio file, as a phone would). */
function Recorder({ onSend }) {
  const { t } = useTranslation();
  const { recording, elapsed, start, stop, cancel } = useAudioRecorder();
  if (!recording) {
    return (
      <Tooltip title={t('sandbox.record')}>
        <IconButton color="primary" onClick={start} aria-label={t('sandbox.record')} data-testid="simulate-record">
          <MicIcon />
        </IconButton>
      </Tooltip>
    );
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }} data-testid="simulate-recording">
      <Tooltip title={t('sandbox.recordCancel')}>
        <IconButton size="small" onClick={cancel} aria-label={t('sandbox.recordCancel')} data-testid="simulate-record-cancel"><CloseIcon /></IconButton>
      </Tooltip>
      <Typography variant="body2" color="error" sx={{ fontVariantNumeric: 'tabular-nums' }}>{formatElapsed(elapsed)}</Typography>
      <Tooltip title={t('sandbox.send')}>
        <IconButton color="primary" aria-label={t('sandbox.send')} data-testid="simulate-record-send"
          onClick={async () => {
            const file = await stop();
            if (file) onSend({ body: '', file });
          }}>
          <SendIcon />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

function Composer({ onSend }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [file, setFile] = useState(null);
  const fileRef = useRef(null);
  const canSend = Boolean(text.trim() || file);

  const submit = () => {
    if (!canSend) return;
    onSend({ body: text.trim(), file });
    setText('');
    setFile(null);
  };

  return (
    <Box sx={{ p: 1 }}>
      {file && (
        <Chip size="small" label={file.name} onDelete={() => setFile(null)} sx={{ mb: 1, maxWidth: '100%' }} data-testid="simulate-file-chip" />
      )}
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5 }}>
        <input ref={fileRef} type="file" hidden data-testid="simulate-file"
          onChange={(e) => {
            if (e.target.files?.[0]) setFile(e.target.files[0]);
            e.target.value = '';
          }} />
        <Tooltip title={t('sandbox.attach')}>
          <IconButton onClick={() => fileRef.current?.click()} aria-label={t('sandbox.attach')} data-testid="simulate-attach">
            <AttachFileIcon />
          </IconButton>
        </Tooltip>
        <TextField
          fullWidth
          size="small"
          multiline
          maxRows={4}
          placeholder={t('sandbox.placeholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              submit();
            }
          }}
          slotProps={{ htmlInput: { 'data-testid': 'simulate-input' } }}
        />
        {canSend || typeof MediaRecorder === 'undefined' ? (
          <Tooltip title={t('sandbox.send')}>
            <span>
              <IconButton color="primary" onClick={submit} disabled={!canSend} aria-label={t('sandbox.send')} data-testid="simulate-send">
                <SendIcon />
              </IconButton>
            </span>
          </Tooltip>
        ) : (
          <Recorder onSend={onSend} />
        )}
      </Box>
    </Box>
  );
}

/** The pretend customer's phone screen: header, conversation, composer. */
export default function ChatView({ connectionId, customer, onChangeCustomer }) {
  const { t } = useTranslation();
  const { sent, outbound, pollError, loaded, send, retry } = useSandboxConversation(connectionId, customer);
  const timeline = useMemo(() => conversation(sent, outbound), [sent, outbound]);
  const listRef = useRef(null);

  // Scrolls the conversation only (scrollIntoView would also move the inbox the panel is docked in).
  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [timeline.length]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }} data-testid="simulate-chat">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 1, bgcolor: '#008069', color: '#fff' }}
        data-testid="simulate-customer-header">
        <Avatar sx={{ width: 34, height: 34 }}>{customer.name?.[0]?.toUpperCase()}</Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography noWrap sx={{ fontWeight: 600, lineHeight: 1.2 }}>{customer.name}</Typography>
          <Typography noWrap variant="caption" sx={{ opacity: 0.85 }} data-testid="simulate-customer-status">
            {isTyping(outbound) ? t('sandbox.typing') : `+${customer.number}`}
          </Typography>
        </Box>
        <Tooltip title={t('sandbox.changeCustomer')}>
          <IconButton size="small" sx={{ color: 'inherit' }} onClick={onChangeCustomer} aria-label={t('sandbox.changeCustomer')}
            data-testid="simulate-change-customer">
            <SwapHorizIcon />
          </IconButton>
        </Tooltip>
      </Box>
      {pollError && (
        <Alert severity="warning" sx={{ borderRadius: 0 }} data-testid="simulate-poll-error">
          {t('sandbox.pollError', { message: errorMessage(pollError) })}
        </Alert>
      )}
      <Box ref={listRef} sx={(theme) => ({ flex: 1, minHeight: 0, overflowY: 'auto', py: 1, bgcolor: theme.palette.mode === 'dark' ? '#0B141A' : '#EFEAE2' })}
        data-testid="simulate-messages">
        {!loaded && !pollError && <Box sx={{ textAlign: 'center', py: 2 }}><CircularProgress size={24} /></Box>}
        {loaded && !timeline.length && (
          <Typography variant="body2" color="text.secondary" align="center" sx={{ px: 3, py: 4 }}>{t('sandbox.empty')}</Typography>
        )}
        {timeline.map((message) => (
          <MessageBubble key={message.key} message={message} onRetry={retry} onReply={(body) => send({ body })} />
        ))}
      </Box>
      <Box sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <QuickReplies timeline={timeline} onPick={(body) => send({ body })} />
        <Composer onSend={send} />
      </Box>
    </Box>
  );
}
