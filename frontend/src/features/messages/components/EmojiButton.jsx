import { Suspense, lazy, useState } from 'react';
import { Box, CircularProgress, IconButton, Popover, Tooltip } from '@mui/material';
import MoodIcon from '@mui/icons-material/Mood';
import { useTranslation } from 'react-i18next';

const EmojiPicker = lazy(() => import('emoji-picker-react'));

/** Emoji picker (loaded on first open); onPick(emoji). */
export default function EmojiButton({ onPick, disabled }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState(null);
  return (
    <>
      <Tooltip title={t('messageInput.emoji')}>
        <span>
          <IconButton onClick={(e) => setAnchor(e.currentTarget)} disabled={disabled} data-testid="input-emoji" aria-label={t('messageInput.emoji')}>
            <MoodIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Popover open={Boolean(anchor)} anchorEl={anchor} onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'left' }} transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
        <Suspense fallback={<Box sx={{ p: 4 }}><CircularProgress size={24} /></Box>}>
          <Box data-testid="emoji-picker">
            <EmojiPicker onEmojiClick={(data) => onPick(data.emoji)} lazyLoadEmojis searchDisabled={false} previewConfig={{ showPreview: false }} />
          </Box>
        </Suspense>
      </Popover>
    </>
  );
}
