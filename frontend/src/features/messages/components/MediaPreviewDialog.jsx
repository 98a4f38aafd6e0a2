import { useEffect, useMemo, useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import { useTranslation } from 'react-i18next';

function Preview({ file }) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  if (file.type.startsWith('image/')) return <Box component="img" src={url} alt={file.name} sx={{ maxWidth: '100%', maxHeight: 320, borderRadius: 1 }} />;
  if (file.type.startsWith('video/')) return <Box component="video" src={url} controls sx={{ maxWidth: '100%', maxHeight: 320 }} />;
  if (file.type.startsWith('audio/')) return <audio src={url} controls />;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <InsertDriveFileOutlinedIcon />
      <Typography>{file.name}</Typography>
    </Stack>
  );
}

/** Files chosen to send, with a caption (sent as the body of the first). */
export default function MediaPreviewDialog({ files, initialCaption = '', onCancel, onSend, sending }) {
  const { t } = useTranslation();
  const [caption, setCaption] = useState(initialCaption);
  useEffect(() => setCaption(initialCaption), [files, initialCaption]);
  const open = Boolean(files && files.length);
  return (
    <Dialog open={open} onClose={onCancel} fullWidth maxWidth="sm" data-testid="media-preview">
      <DialogTitle>{t('messageInput.mediaPreview.title', { count: files?.length || 0 })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1, alignItems: 'center' }}>
          {(files || []).map((file, i) => <Preview key={`${file.name}-${i}`} file={file} />)}
          <TextField fullWidth multiline maxRows={4} label={t('messageInput.mediaPreview.caption')} value={caption}
            onChange={(e) => setCaption(e.target.value)} slotProps={{ htmlInput: { 'data-testid': 'media-caption' } }} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={sending} onClick={() => onSend(caption)} data-testid="media-send">
          {t('messageInput.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
