import { FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The analytics overlay's switch and date range (both ends inclusive, YYYY-MM-DD). */
export default function StatsBar({ on, onToggle, range, onRange, error }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <FormControlLabel label={t('flowbuilder.stats.toggle')}
        control={<Switch checked={on} onChange={(e) => onToggle(e.target.checked)} slotProps={{ input: { 'data-testid': 'flow-stats-toggle' } }} />} />
      {on && ['dateFrom', 'dateTo'].map((name) => (
        <TextField key={name} size="small" type="date" label={t(`flowbuilder.stats.${name === 'dateFrom' ? 'from' : 'to'}`)} value={range[name]}
          onChange={(e) => e.target.value && onRange({ ...range, [name]: e.target.value })} error={Boolean(error)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `flow-stats-${name}` } }} />
      ))}
    </Stack>
  );
}
