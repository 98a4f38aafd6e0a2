import { Box, Button, Link, Typography } from '@mui/material';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import { useTranslation } from 'react-i18next';
import FormattedText from '../../messages/components/FormattedText';
import { mediaKindOf } from '../api/conversation';
import { AckIcon, SendIcon } from './AckIcon';
import MenuReply from './MenuReply';

const pad = (n) => String(n).padStart(2, '0');
const hourOf = (at) => {
  if (!at) return '';
  const date = new Date(at);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

function FileLink({ name, href }) {
  const content = (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <InsertDriveFileOutlinedIcon fontSize="small" />
      <span>{name}</span>
    </Box>
  );
  return href ? <Link href={href} target="_blank" rel="noreferrer" underline="hover" color="inherit">{content}</Link> : content;
}

/** Media of a message by its kind (image, video, audio, document …); a file not stored yet shows its name. */
function MessageMedia({ message }) {
  const { mediaUrl, mediaName } = message;
  if (!mediaUrl && !mediaName) return null;
  const kind = mediaKindOf(message);
  if (kind === 'image' && mediaUrl) {
    return <Box component="img" src={mediaUrl} alt={mediaName || ''} data-testid="simulate-message-image"
      sx={{ maxWidth: '100%', borderRadius: 1, display: 'block', mb: 0.5 }} />;
  }
  if (kind === 'video' && mediaUrl) return <Box component="video" src={mediaUrl} controls sx={{ maxWidth: '100%', borderRadius: 1, mb: 0.5 }} />;
  if (kind === 'audio' && mediaUrl) return <Box component="audio" src={mediaUrl} controls sx={{ width: 220, mb: 0.5 }} />;
  return <Box sx={{ mb: 0.5 }}><FileLink name={mediaName || mediaUrl} href={mediaUrl} /></Box>;
}

/**
 * One bubble: the customer's (right) or Atende's (left). A bot menu sent as a list or buttons
 * shows its greeting and its choices, which answer through onReply.
 */
export default function MessageBubble({ message, onRetry, onReply }) {
  const { t } = useTranslation();
  const mine = message.from === 'customer';
  const revoked = message.kind === 'revoked';
  const { menu } = message;
  const body = menu ? menu.text || t('sandbox.menu.choose') : message.body;
  return (
    <Box sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', px: 1, py: 0.25 }}>
      <Box
        data-testid="simulate-message"
        data-from={message.from}
        data-ack={mine ? undefined : message.ack}
        sx={(theme) => ({
          maxWidth: '80%',
          px: 1,
          pt: 0.75,
          pb: 0.5,
          borderRadius: 1.5,
          boxShadow: 1,
          bgcolor: mine
            ? (theme.palette.mode === 'dark' ? '#005C4B' : '#D9FDD3')
            : (theme.palette.mode === 'dark' ? '#202C33' : '#FFFFFF'),
          color: 'text.primary',
          wordBreak: 'break-word',
        })}
      >
        {message.previewUrl ? (
          <Box component="img" src={message.previewUrl} alt={message.mediaName} sx={{ maxWidth: '100%', borderRadius: 1, display: 'block', mb: 0.5 }} />
        ) : (
          !revoked && <MessageMedia message={message} />
        )}
        {revoked ? (
          <Typography variant="body2" sx={{ fontStyle: 'italic', color: 'text.secondary' }}>{t('sandbox.revoked')}</Typography>
        ) : (
          body && <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }} data-testid="simulate-message-body"><FormattedText text={body} /></Typography>
        )}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 0.5, mt: 0.25 }}>
          <Typography variant="caption" color="text.secondary">{hourOf(message.at)}</Typography>
          {mine ? <SendIcon status={message.status} /> : <AckIcon ack={message.ack} />}
        </Box>
        {mine && message.status === 'error' && onRetry && (
          <Button size="small" color="error" onClick={() => onRetry(message.localId)} data-testid="simulate-retry" sx={{ p: 0, minWidth: 0 }}>
            {t('sandbox.retry')}
          </Button>
        )}
        {menu && !revoked && onReply && <MenuReply menu={menu} onReply={onReply} />}
      </Box>
    </Box>
  );
}
