import { Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The five faces, from the least to the most satisfied. */
export const RATING_FACES = [['😠', 'angry'], ['😟', 'upset'], ['😐', 'neutral'], ['🙂', 'happy'], ['😍', 'love']];

/**
 * The face of a 0–10 rating (the NPS scale the customer answers): 0–2 angry, 3–4 upset,
 * 5–6 neutral, 7–8 happy (NPS passives), 9–10 love (promoters). Null when there is no rating.
 */
export function ratingFace(rate) {
  if (rate === null || rate === undefined || rate === '') return null;
  const n = Math.round(Number(rate));
  if (!Number.isFinite(n) || n < 0 || n > 10) return null;
  return RATING_FACES[[2, 4, 6, 8, 10].findIndex((top) => n <= top)];
}

/** The customer's rating (0–10) of a closed ticket, as a face with the score in its tooltip. */
export default function RatingEmoji({ rate }) {
  const { t } = useTranslation();
  const face = ratingFace(rate);
  if (!face) return null;
  const [emoji, name] = face;
  const label = `${t(`tickets.rating.${name}`)} (${Math.round(Number(rate))}/10)`;
  return (
    <Tooltip title={label}>
      <Typography component="span" sx={{ fontSize: 26, lineHeight: 1 }} data-testid="ticket-rating" data-rate={rate} aria-label={label}>
        {emoji}
      </Typography>
    </Tooltip>
  );
}
