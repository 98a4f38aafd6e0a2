import { Suspense, lazy, useState } from 'react';
import { Box, CircularProgress, IconButton, Popover, Tooltip } from '@mui/material';
import MoodIcon from '@mui/icons-material/Mood';
import { useTranslation } from 'react-i18next';

const EmojiPicker = lazy(() => import('emoji-picker-react'));
const PICKER_WIDTH = 340;
const PICKER_HEIGHT = 400;

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
        <Box data-testid="emoji-picker" sx={{ width: PICKER_WIDTH, height: PICKER_HEIGHT }}>
          <Suspense fallback={<Box sx={{ p: 4, textAlign: 'center' }}><CircularProgress size={24} /></Box>}>
            <EmojiPicker onEmojiClick={(data) => onPick(data.emoji)} emojiStyle="native" lazyLoadEmojis width={PICKER_WIDTH} height={PICKER_HEIGHT}
              previewConfig={{ showPreview: false }} />
          </Suspense>
        </Box>
      </Popover>
    </>
  );
}
