import { Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { TIME_FIELDS, maskTime } from '../../api/schedules';

/** Service hours per weekday, two shifts (A and B), times typed through the ##:## mask. */
export default function SchedulesTab({ form }) {
  const { t } = useTranslation();
  const { schedules } = form.values;
  const change = (index, field, value) => {
    form.setValues((current) => ({
      ...current,
      schedules: current.schedules.map((entry, i) => (i === index ? { ...entry, [field]: maskTime(value) } : entry)),
    }));
    const key = `${schedules[index].weekdayEn}.${field}`;
    if (form.errors[key]) form.setErrors((current) => ({ ...current, [key]: undefined }));
  };
  return (
    <Table size="small" sx={{ mt: 2 }} data-testid="connection-schedules">
      <TableHead>
        <TableRow>
          <TableCell>{t('connections.schedules.weekday')}</TableCell>
          {TIME_FIELDS.map((field) => <TableCell key={field}>{t(`connections.schedules.${field}`)}</TableCell>)}
        </TableRow>
      </TableHead>
      <TableBody>
        {schedules.map((entry, index) => (
          <TableRow key={entry.weekdayEn}>
            <TableCell>{t(`connections.weekdays.${entry.weekdayEn}`)}</TableCell>
            {TIME_FIELDS.map((field) => {
              const error = form.errors[`${entry.weekdayEn}.${field}`];
              return (
                <TableCell key={field}>
                  <TextField size="small" value={entry[field] || ''} placeholder="HH:MM" error={Boolean(error)} helperText={error ? form.message(error) : undefined}
                    onChange={(e) => change(index, field, e.target.value)}
                    slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `connection-schedule-${entry.weekdayEn}-${field}` } }} />
                </TableCell>
              );
            })}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
