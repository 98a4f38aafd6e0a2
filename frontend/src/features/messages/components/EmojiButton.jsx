import { Suspense, lazy, useState } from 'react';
import { Box, CircularProgress, IconButton, Popover, Tooltip } from '@mui/material';
import MoodIcon from '@mui/icons-material/Mood';
import { useTranslation } from 'react-i18next';

const PICKER_WIDTH = 340;
const PICKER_HEIGHT = 400;

/** The picker's categories, in its own order, named in the app's language. */
export const EMOJI_CATEGORIES = ['suggested', 'smileys_people', 'animals_nature', 'food_drink', 'travel_places', 'activities',
  'objects', 'symbols', 'flags'];

/** Emoji names in the app's language, so that search finds "coração" (the picker's own datasets). */
const DATASETS = {
  pt: () => import('emoji-picker-react/data/emojis-pt'),
  es: () => import('emoji-picker-react/data/emojis-es'),
};

const pickers = new Map();

/** The picker with the emoji names of lang (English when there is no dataset), loaded on first open. */
function pickerFor(lang) {
  const key = DATASETS[lang] ? lang : 'en';
  if (!pickers.has(key)) {
    pickers.set(key, lazy(async () => {
      const [{ default: Picker }, data] = await Promise.all([import('emoji-picker-react'), DATASETS[key]?.()]);
      const emojiData = data?.default;
      return { default: (props) => <Picker {...(emojiData ? { emojiData } : {})} {...props} /> };
    }));
  }
  return pickers.get(key);
}

/** Emoji picker (loaded on first open) in the app's language; onPick(emoji). */
export default function EmojiButton({ onPick, disabled }) {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState(null);
  const lang = (i18n.resolvedLanguage || i18n.language || 'pt').slice(0, 2);
  const EmojiPicker = pickerFor(lang);
  const categories = EMOJI_CATEGORIES.map((category) => ({ category, name: t(`messageInput.emojiCategories.${category}`) }));
  const search = t('messageInput.emojiSearch');
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
              previewConfig={{ showPreview: false }} categories={categories}
              labels={{ searchPlaceholder: search, searchLabel: search }} />
          </Suspense>
        </Box>
      </Popover>
    </>
  );
}
