import { Box, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import SelectField from '../../../../components/SelectField';
import { IdSelect, NumberInput, TextArea, grid } from './fields';

const WHEN_EXPIRES = ['0', '1'];

/** Closing, out-of-hours, inactivity and redirect messages, and the collective vacation. */
export default function MessagesTab({ form, queues }) {
  const { t } = useTranslation();
  const dateInput = (name) => (
    <TextField {...form.field(name)} type="date" label={t(`connections.modal.${name}`)} fullWidth
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `connection-${name}` } }} />
  );
  return (
    <Stack spacing={2} sx={{ pt: 2 }}>
      <TextArea form={form} name="complationMessage" />
      <TextArea form={form} name="outOfHoursMessage" />
      <Box sx={grid}>
        <NumberInput form={form} name="timeSendQueue" />
        <IdSelect form={form} name="sendIdQueue" items={queues} />
        <NumberInput form={form} name="timeCreateNewTicket" />
      </Box>
      <Box sx={grid}>
        <NumberInput form={form} name="expiresTicket" />
        <SelectField {...form.field('whenExpiresTicket')} label={t('connections.modal.whenExpiresTicket')} testId="connection-whenExpiresTicket"
          options={WHEN_EXPIRES.map((value) => ({ value, label: t(`connections.whenExpires.${value}`) }))} />
        <NumberInput form={form} name="timeInactiveMessage" />
      </Box>
      <TextArea form={form} name="expiresInactiveMessage" />
      <TextArea form={form} name="inactiveMessage" />
      <Typography variant="subtitle2">{t('connections.modal.vacationTitle')}</Typography>
      <Box sx={{ ...grid, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {dateInput('collectiveVacationStart')}
        {dateInput('collectiveVacationEnd')}
      </Box>
      <TextArea form={form} name="collectiveVacationMessage" />
    </Stack>
  );
}
