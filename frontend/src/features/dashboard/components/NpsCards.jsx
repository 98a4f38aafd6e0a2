import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../api/dashboardApi';
import { cardGrid } from './IndicatorCards';
import StatCard from './StatCard';

/** The NPS tab: score and the three classes (share of the ratings), then the rating counts. */
export default function NpsCards({ counters: c }) {
  const { t, i18n } = useTranslation();
  const pct = (v) => formatPercent(v, i18n.language);
  const cards = [
    ['score', c.npsScore.toLocaleString(i18n.language, { maximumFractionDigits: 2 }), c.npsScore >= 0 ? 'success.main' : 'error.main'],
    ['promoters', `${pct(c.npsPromotersPerc)} (${c.promoters})`, 'success.main'],
    ['neutrals', `${pct(c.npsPassivePerc)} (${c.neutrals})`, 'warning.main'],
    ['detractors', `${pct(c.npsDetractorsPerc)} (${c.detractors})`, 'error.main'],
    ['tickets', c.tickets],
    ['waitRating', c.waitRating],
    ['withoutRating', c.withoutRating],
    ['withRating', c.withRating],
    ['percRating', pct(c.percRating)],
  ];
  return (
    <Box sx={cardGrid}>
      {cards.map(([key, value, color]) => <StatCard key={key} label={t(`dashboard.nps.${key}`)} value={value} color={color} testId={`nps-${key}`} />)}
    </Box>
  );
}
