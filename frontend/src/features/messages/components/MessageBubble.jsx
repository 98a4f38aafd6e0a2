import { memo, useState } from 'react';
import { Box, Checkbox, Chip, IconButton, Menu, MenuItem, Stack, Tooltip, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ForwardIcon from '@mui/icons-material/Forward';
import BlockIcon from '@mui/icons-material/Block';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../../tickets/utils/format';
import AckIcon from './AckIcon';
import FormattedText from './FormattedText';
import MessageMedia, { bodyIsMedia } from './MessageMedia';
import { BUBBLE_MAX_WIDTH, canDeleteMessage, canEditMessage, isAutomaticMessage } from '../utils/messageRules';

function QuotedMessage({ quoted, contactName }) {
  const { t } = useTranslation();
  if (!quoted) return null;
  const author = quoted.fromMe ? t('messages.you') : contactName;
  let text = quoted.body;
  if (!text && quoted.mediaType && quoted.mediaType !== 'chat') text = t(`messages.mediaLabel.${quoted.mediaType}`, { defaultValue: quoted.mediaName || quoted.mediaType });
  return (
    <Box sx={{ borderLeft: 4, borderColor: quoted.fromMe ? 'primary.main' : 'success.main', bgcolor: 'action.hover', borderRadius: 1,
      px: 1, py: 0.5, mb: 0.5 }} data-testid="message-quoted">
      <Typography variant="caption" sx={{ fontWeight: 700, display: 'block' }}>{author}</Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', opacity: 0.8 }}>
        {quoted.isDeleted ? t('messages.deletedOwn') : <FormattedText text={text} />}
      </Typography>
    </Box>
  );
}

/** One message bubble with its marks, media, quote, reactions and actions menu. */
function MessageBubble({
  message, contactName, showAuthor, userId, reactions, selecting, selected, onToggleSelect, onReply, onEdit, onDelete, onForward,
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState(null);
  const { fromMe, isPrivate, isDeleted } = message;
  const editable = canEditMessage(message, userId);
  const deletable = canDeleteMessage(message, userId);

  let bg = fromMe ? 'var(--bubble-out, #d9fdd3)' : 'var(--bubble-in, #ffffff)';
  if (isPrivate) bg = '#fff3c4';

  const close = (fn) => () => {
    setAnchor(null);
    fn(message);
  };

  const reactionList = [...(reactions || []), ...(message.reaction ? [message.reaction] : [])];

  return (
    <Stack direction="row" sx={{ justifyContent: fromMe ? 'flex-end' : 'flex-start', alignItems: 'center', px: 2, py: 0.25 }}
      data-testid="message" data-message-id={message.id} data-from-me={fromMe} data-private={Boolean(isPrivate)}>
      {selecting && (
        <Checkbox size="small" checked={selected} onChange={() => onToggleSelect(message)} sx={{ order: fromMe ? 0 : -1 }}
          slotProps={{ input: { 'data-testid': 'message-select' } }} />
      )}
      <Box
        sx={{
          position: 'relative',
          maxWidth: BUBBLE_MAX_WIDTH,
          minWidth: 90,
          bgcolor: bg,
          color: '#111b21',
          borderRadius: 2,
          px: 1.25,
          pt: 0.75,
          pb: 0.5,
          boxShadow: '0 1px 0.5px rgba(11,20,26,.13)',
          border: isPrivate ? '1px dashed #c9a227' : 'none',
          '&:hover .message-actions': { opacity: 1 },
        }}
      >
        {!isDeleted && !selecting && (
          <IconButton size="small" className="message-actions" onClick={(e) => setAnchor(e.currentTarget)}
            data-testid="message-actions" aria-label={t('messages.actions.menu')}
            sx={{ position: 'absolute', top: 0, right: 0, opacity: 0, p: 0.25, bgcolor: bg, '&:hover': { bgcolor: bg } }}>
            <ExpandMoreIcon fontSize="small" />
          </IconButton>
        )}
        {isPrivate && (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: '#8a6d00' }} data-testid="message-private-mark">
            <LockOutlinedIcon sx={{ fontSize: 14 }} />
            <Typography variant="caption">{t('messages.privateNote')}</Typography>
          </Stack>
        )}
        {showAuthor && !fromMe && (
          <Typography variant="caption" sx={{ fontWeight: 700, color: '#6b4fbb', display: 'block' }}>
            {message.contact?.name || message.participant || contactName}
          </Typography>
        )}
        {message.isForwarded && (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'rgba(0,0,0,0.5)' }} data-testid="message-forwarded">
            <ForwardIcon sx={{ fontSize: 14 }} />
            <Typography variant="caption" sx={{ fontStyle: 'italic' }}>{t('messages.forwarded')}</Typography>
          </Stack>
        )}
        {isDeleted ? (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'rgba(0,0,0,0.5)', pr: 6 }} data-testid="message-deleted">
            <BlockIcon sx={{ fontSize: 16 }} />
            <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
              {fromMe ? t('messages.deletedOwn') : t('messages.deletedByContact')}
            </Typography>
          </Stack>
        ) : (
          <>
            <QuotedMessage quoted={message.quotedMsg} contactName={contactName} />
            <MessageMedia message={message} />
            {message.body && !bodyIsMedia(message) && (
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', pr: 1, mt: message.mediaUrl ? 0.5 : 0 }}
                data-testid="message-body">
                <FormattedText text={message.body} />
              </Typography>
            )}
          </>
        )}
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', alignItems: 'center', mt: 0.25 }}>
          {isAutomaticMessage(message) && (
            <Tooltip title={t('messages.automaticHint')}>
              <Stack direction="row" spacing={0.25} sx={{ alignItems: 'center', color: 'rgba(0,0,0,0.45)', mr: 'auto' }}
                data-testid="message-bot-mark">
                <SmartToyOutlinedIcon sx={{ fontSize: 14 }} />
                <Typography variant="caption">{t('messages.automatic')}</Typography>
              </Stack>
            </Tooltip>
          )}
          {message.isEdited && !isDeleted && (
            <Typography variant="caption" sx={{ fontStyle: 'italic', color: 'rgba(0,0,0,0.45)' }} data-testid="message-edited">
              {t('messages.edited')}
            </Typography>
          )}
          <Typography variant="caption" sx={{ color: 'rgba(0,0,0,0.45)' }}>{formatClock(message.createdAt)}</Typography>
          {fromMe && !isPrivate && <AckIcon message={message} />}
        </Stack>
        {reactionList.length > 0 && (
          <Stack direction="row" spacing={0.5} sx={{ position: 'absolute', bottom: -14, [fromMe ? 'right' : 'left']: 8 }}
            data-testid="message-reactions">
            {reactionList.map((r, i) => (
              <Chip key={`${r}-${i}`} label={r} size="small" sx={{ height: 20, bgcolor: 'background.paper', boxShadow: 1 }} />
            ))}
          </Stack>
        )}
      </Box>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={close(onReply)} data-testid="message-reply">{t('messages.actions.reply')}</MenuItem>
        <MenuItem onClick={close(onForward)} data-testid="message-forward">{t('messages.actions.forward')}</MenuItem>
        {editable && <MenuItem onClick={close(onEdit)} data-testid="message-edit">{t('messages.actions.edit')}</MenuItem>}
        {deletable && <MenuItem onClick={close(onDelete)} data-testid="message-delete">{t('messages.actions.delete')}</MenuItem>}
      </Menu>
    </Stack>
  );
}

export default memo(MessageBubble);
