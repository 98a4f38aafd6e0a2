import { Box, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import SelectField from '../../../../components/SelectField';
import { IdSelect, NumberInput, TextArea, grid, useHelp } from './fields';

const WHEN_EXPIRES = ['0', '1'];
const pair = { ...grid, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } };

function Section({ title, children }) {
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle2">{title}</Typography>
      {children}
    </Stack>
  );
}

function DateInput({ form, name }) {
  const { t } = useTranslation();
  const field = form.field(name);
  return (
    <TextField {...field} helperText={useHelp(field, name)} type="date" label={t(`connections.modal.${name}`)} fullWidth
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `connection-${name}` } }} />
  );
}

/** Closing, out-of-hours, redirect, reopening, inactivity and expiry messages, and the collective vacation. */
export default function MessagesTab({ form, queues }) {
  const { t } = useTranslation();
  const whenExpires = form.field('whenExpiresTicket');
  const whenExpiresHelp = useHelp(whenExpires, 'whenExpiresTicket');
  return (
    <Stack spacing={3} sx={{ pt: 2 }}>
      <Section title={t('connections.modal.sections.closing')}>
        <TextArea form={form} name="complationMessage" />
        <TextArea form={form} name="outOfHoursMessage" />
      </Section>
      <Section title={t('connections.modal.sections.redirect')}>
        <Box sx={grid}>
          <NumberInput form={form} name="timeSendQueue" />
          <IdSelect form={form} name="sendIdQueue" items={queues} />
          <NumberInput form={form} name="timeCreateNewTicket" />
        </Box>
      </Section>
      <Section title={t('connections.modal.sections.inactivity')}>
        <Box sx={grid}>
          <NumberInput form={form} name="expiresTicket" />
          <SelectField {...whenExpires} helperText={whenExpiresHelp} label={t('connections.modal.whenExpiresTicket')} testId="connection-whenExpiresTicket"
            options={WHEN_EXPIRES.map((value) => ({ value, label: t(`connections.whenExpires.${value}`) }))} />
          <NumberInput form={form} name="timeInactiveMessage" />
        </Box>
        <TextArea form={form} name="inactiveMessage" />
        <TextArea form={form} name="expiresInactiveMessage" />
      </Section>
      <Section title={t('connections.modal.vacationTitle')}>
        <TextArea form={form} name="collectiveVacationMessage" />
        <Box sx={pair}>
          <DateInput form={form} name="collectiveVacationStart" />
          <DateInput form={form} name="collectiveVacationEnd" />
        </Box>
      </Section>
    </Stack>
  );
}
