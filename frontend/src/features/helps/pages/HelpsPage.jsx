import { useState } from 'react';
import useSWR from 'swr';
import {
  Alert, Box, Card, CardActionArea, CardContent, CardMedia, Dialog, DialogContent, DialogTitle, IconButton, Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { HELPS_PATH, embedUrl, isVideoCode, thumbnailUrl } from '../api/helpsApi';

/** The player; Escape (the dialog's) or the close button ends it. */
function VideoDialog({ help, onClose }) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="help-video-modal">
      <DialogTitle sx={{ pr: 6 }}>
        {help.title}
        <IconButton onClick={onClose} aria-label={t('helps.close')} sx={{ position: 'absolute', right: 8, top: 8 }} data-testid="help-video-close">
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <Box sx={{ position: 'relative', pt: '56.25%' }}>
          <Box component="iframe" src={embedUrl(help.video)} title={help.title} data-testid="help-video-frame"
            allow="autoplay; encrypted-media; picture-in-picture" allowFullScreen
            sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }} />
        </Box>
        {help.description && <Typography sx={{ mt: 2, whiteSpace: 'pre-line' }}>{help.description}</Typography>}
      </DialogContent>
    </Dialog>
  );
}

/** /helps (spec/3): a grid of video cards (stills as thumbnails); a click opens the player. */
export default function HelpsPage() {
  const { t } = useTranslation();
  const { data, error } = useSWR(HELPS_PATH);
  const [open, setOpen] = useState(null);
  const helps = Array.isArray(data) ? data : [];
  return (
    <Box sx={{ p: 2 }} data-testid="helps-page">
      <Typography variant="h5" sx={{ mb: 2 }}>{t('helps.title')}</Typography>
      {error && <Alert severity="error">{t('helps.loadError')}</Alert>}
      {data && helps.length === 0 && <Typography color="text.secondary">{t('helps.empty')}</Typography>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}>
        {helps.map((help) => {
          const playable = isVideoCode(help.video);
          return (
            <Card key={help.id} variant="outlined" data-testid="help-card">
              <CardActionArea disabled={!playable} onClick={() => setOpen(help)}>
                {playable && <CardMedia component="img" height="150" image={thumbnailUrl(help.video)} alt={help.title} />}
                <CardContent>
                  <Typography variant="subtitle1">{help.title}</Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
                    {help.description}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          );
        })}
      </Box>
      {open && <VideoDialog help={open} onClose={() => setOpen(null)} />}
    </Box>
  );
}
