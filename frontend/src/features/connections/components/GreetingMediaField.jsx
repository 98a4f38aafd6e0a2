import { Button, IconButton, Link, Stack, Tooltip, Typography } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';

/** The greeting's media attachment: the stored file's name or the chosen one; sent after the save. */
export default function GreetingMediaField({ form }) {
  const { t } = useTranslation();
  const { greetingMediaFile: file, greetingMediaAttachment: stored, greetingMediaUrl: link, removeGreetingMedia: removed } = form.values;
  const name = file?.name || (removed ? '' : stored);
  // The stored file opens through its signed URL; a file just chosen is not uploaded yet.
  const href = !file && !removed ? link : '';

  const choose = (event) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (chosen) form.setValue('greetingMediaFile', chosen);
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
