import { Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { TIME_FIELDS, nightShift, withTime } from '../api/schedules';

/**
 * Service hours per weekday, two shifts (A and B), times typed through the ##:## mask. Used by
 * connections, queues and the company. value: the seven entries; onChange(entries, key) gets
 * the changed 'weekdayEn.field' too, so the form can clear that field's error. errors:
 * { 'weekdayEn.field': i18n key or server text }. Test ids: {testId}, {testId}-{weekdayEn}-{field}.
 */
export default function WeekdayHoursEditor({ value, onChange, errors = {}, testId = 'hours', disabled = false }) {
  const { t, i18n } = useTranslation();
  const message = (error) => (i18n.exists(error) ? t(error) : error);
  return (
    <Table size="small" sx={{ mt: 2 }} data-testid={testId}>
      <TableHead>
        <TableRow>
          <TableCell>{t('hours.weekday')}</TableCell>
          {TIME_FIELDS.map((field) => <TableCell key={field}>{t(`hours.${field}`)}</TableCell>)}
        </TableRow>
      </TableHead>
      <TableBody>
        {value.map((entry) => (
          <TableRow key={entry.weekdayEn}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`hours.weekdays.${entry.weekdayEn}`)}</TableCell>
            {TIME_FIELDS.map((field) => {
              const key = `${entry.weekdayEn}.${field}`;
              const error = errors[key];
              const nextDay = !error && field.startsWith('endTime') && nightShift(entry, field.slice(-1));
              return (
                <TableCell key={field}>
                  <TextField size="small" value={entry[field] || ''} placeholder="HH:MM" disabled={disabled}
                    error={Boolean(error)} helperText={error ? message(error) : (nextDay ? t('hours.nextDay') : undefined)}
                    onChange={(e) => onChange(withTime(value, entry.weekdayEn, field, e.target.value), key)}
                    slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': `${t(`hours.weekdays.${entry.weekdayEn}`)} ${t(`hours.${field}`)}`, 'data-testid': `${testId}-${entry.weekdayEn}-${field}` } }} />
                </TableCell>
              );
            })}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
