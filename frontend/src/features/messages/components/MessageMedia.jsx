import { useContext, useState } from 'react';
import { Box, Button, Dialog, Link, Stack, Typography } from '@mui/material';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlineOutlined';
import PhoneMissedOutlinedIcon from '@mui/icons-material/PhoneMissedOutlined';
import { useTranslation } from 'react-i18next';
import AudioPlayer from './AudioPlayer';
import MediaLoadContext from './MediaLoadContext';
import { parseLocation, parseVCard } from '../utils/messageRules';
import { formatClock } from '../../tickets/utils/format';

function ImageMedia({ src, alt }) {
  const [open, setOpen] = useState(false);
  const onLoad = useContext(MediaLoadContext);
  return (
    <>
      <Box component="img" src={src} alt={alt || ''} onClick={() => setOpen(true)} onLoad={onLoad} data-testid="message-image"
        sx={{ maxWidth: '100%', width: 260, maxHeight: 260, objectFit: 'cover', borderRadius: 1, cursor: 'zoom-in', display: 'block' }} />
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="lg">
        <Box component="img" src={src} alt={alt || ''} sx={{ maxWidth: '90vw', maxHeight: '90vh', display: 'block' }} />
      </Dialog>
    </>
  );
}

function ContactCard({ message }) {
  const { t } = useTranslation();
  const { name, number } = parseVCard(message.vCard || message.body);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 200 }} data-testid="message-vcard">
      <PersonOutlineIcon />
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>{name || t('messages.contactCard')}</Typography>
        <Typography variant="caption">{number}</Typography>
      </Box>
    </Stack>
  );
}

function LocationCard({ message }) {
  const { t } = useTranslation();
  const point = parseLocation(message.body);
  const href = point ? `https://maps.google.com/maps?q=${point.lat},${point.lng}` : undefined;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="message-location">
      <PlaceOutlinedIcon />
      {href ? (
        <Link href={href} target="_blank" rel="noreferrer">{t('messages.location')}</Link>
      ) : (
        <Typography variant="body2">{t('messages.location')}</Typography>
      )}
    </Stack>
  );
}

/** The media part of a message; answers whether the body is already shown (vCard, location). */
export default function MessageMedia({ message }) {
  const { t } = useTranslation();
  const { mediaType, mediaUrl } = message;
  if (mediaType === 'contactMessage' || (message.vCard && mediaType !== 'chat')) return <ContactCard message={message} />;
  if (mediaType === 'locationMessage') return <LocationCard message={message} />;
  if (mediaType === 'call_log') {
    // A call that rang unanswered, at the time it rang (shown in the reader's clock, like
    // every message time).
    const time = formatClock(message.createdAt);
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'error.main' }} data-testid="message-call">
        <PhoneMissedOutlinedIcon fontSize="small" />
        <Typography variant="body2" sx={{ fontStyle: 'italic' }}>{time ? t('messages.missedCall', { time }) : t('messages.call')}</Typography>
      </Stack>
    );
  }
  if (!mediaUrl) return null;
  if (mediaType === 'image') return <ImageMedia src={mediaUrl} alt={message.mediaName} />;
  if (mediaType === 'video') {
    return <Box component="video" src={mediaUrl} controls data-testid="message-video" sx={{ maxWidth: '100%', width: 300, borderRadius: 1 }} />;
  }
  if (mediaType === 'audio') return <AudioPlayer src={mediaUrl} />;
  return (
    <Button variant="outlined" size="small" href={mediaUrl} target="_blank" rel="noreferrer" download={message.mediaName || true}
      startIcon={<InsertDriveFileOutlinedIcon />} data-testid="message-document" sx={{ textTransform: 'none', maxWidth: '100%' }}>
      <Typography variant="body2" noWrap>{message.mediaName || t('messages.document')}</Typography>
    </Button>
  );
}

/** Media types whose body is part of the media (not a caption). */
export const bodyIsMedia = (message) =>
  ['contactMessage', 'locationMessage', 'call_log'].includes(message.mediaType) ||
  (message.mediaType === 'application' && message.body === message.mediaName);
