import { Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

export const RATING_EMOJIS = { 1: ['😠', 'angry'], 2: ['😟', 'upset'], 3: ['😐', 'neutral'], 4: ['🙂', 'happy'], 5: ['😍', 'love'] };

/** The customer's rating (1-5) of a closed ticket. */
export default function RatingEmoji({ rate }) {
  const { t } = useTranslation();
  const entry = RATING_EMOJIS[Math.round(Number(rate))];
  if (!entry) return null;
  const [emoji, name] = entry;
  return (
    <Tooltip title={t(`tickets.rating.${name}`)}>
      <Typography component="span" sx={{ fontSize: 26, lineHeight: 1 }} data-testid="ticket-rating" data-rate={rate} aria-label={t(`tickets.rating.${name}`)}>
        {emoji}
      </Typography>
    </Tooltip>
  );
}
