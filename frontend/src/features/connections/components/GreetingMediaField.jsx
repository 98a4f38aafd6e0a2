import { Button, IconButton, Link, Stack, Tooltip, Typography } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../services/toast';
import { ERROR_TOAST_DURATION } from '../../../utils/toastError';

const MB = 1024 * 1024;
/** The server's limit for the greeting's file (api/connection_handlers.go GreetingMediaMaxBytes). */
export const GREETING_MEDIA_MAX_MB = 20;

// Rounded up, so that a file just past the limit never reads as the limit itself.
const sizeInMb = (bytes, lng) => (Math.ceil((bytes / MB) * 10) / 10).toLocaleString(lng, { maximumFractionDigits: 1 });

/**
 * The greeting's media attachment: the stored file's name or the chosen one; sent after the save.
 * A file past the server's limit is refused here, before anything is uploaded.
 */
export default function GreetingMediaField({ form }) {
  const { t, i18n } = useTranslation();
  const { greetingMediaFile: file, greetingMediaAttachment: stored, greetingMediaUrl: link, removeGreetingMedia: removed } = form.values;
  const name = file?.name || (removed ? '' : stored);
  // The stored file opens through its signed URL; a file just chosen is not uploaded yet.
  const href = !file && !removed ? link : '';

  const choose = (event) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    if (chosen.size > GREETING_MEDIA_MAX_MB * MB) {
      toast.error(t('connections.modal.greetingMediaTooLarge', { max: GREETING_MEDIA_MAX_MB, size: sizeInMb(chosen.size, i18n.language) }),
        { duration: ERROR_TOAST_DURATION });
      return;
    }
    form.setValue('greetingMediaFile', chosen);
  };
  const remove = () => {
    form.setValue('greetingMediaFile', null);
    if (stored) form.setValue('removeGreetingMedia', true);
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Button component="label" size="small" variant="outlined" startIcon={<AttachFileIcon />}>
        {t('connections.modal.greetingMedia')}
        <input type="file" hidden onChange={choose} data-testid="connection-greeting-media-input" />
      </Button>
      {name && (
        <>
          <Typography variant="body2" noWrap sx={{ maxWidth: 320 }} data-testid="connection-greeting-media">
            {href ? <Link href={href} target="_blank" rel="noopener noreferrer">{name}</Link> : name}
          </Typography>
          <Tooltip title={t('connections.modal.removeGreetingMedia')}>
            <IconButton size="small" onClick={remove} aria-label={t('connections.modal.removeGreetingMedia')} data-testid="connection-greeting-media-remove">
              <DeleteOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </>
      )}
    </Stack>
  );
}
