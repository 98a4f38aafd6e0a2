import {
  CircularProgress, FormControlLabel, Stack, Switch, TextField,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { rangeLimits } from '../api/stats';

/**
 * The analytics overlay's switch and date range (both ends inclusive, YYYY-MM-DD, from ≤ to,
 * at most MAX_RANGE_DAYS days); loading: a range's counts are on their way (the previous
 * ones stay on the canvas meanwhile).
 */
export default function StatsBar({
  on, onToggle, range, onRange, error, loading = false,
}) {
  const { t } = useTranslation();
  const limits = rangeLimits(range);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <FormControlLabel label={t('flowbuilder.stats.toggle')}
        control={<Switch checked={on} onChange={(e) => onToggle(e.target.checked)} slotProps={{ input: { 'data-testid': 'flow-stats-toggle' } }} />} />
      {on && ['dateFrom', 'dateTo'].map((name) => (
        <TextField key={name} size="small" type="date" label={t(`flowbuilder.stats.${name === 'dateFrom' ? 'from' : 'to'}`)} value={range[name]}
          onChange={(e) => e.target.value && onRange({ ...range, [name]: e.target.value })} error={Boolean(error)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { ...limits[name], 'data-testid': `flow-stats-${name}` } }} />
      ))}
      {on && loading && <CircularProgress size={18} aria-label={t('flowbuilder.stats.loading')} data-testid="flow-stats-loading" />}
    </Stack>
  );
}
