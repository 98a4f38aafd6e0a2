import { Alert, Box, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { toLocalDateTime } from '../../api/connectionForm';
import { IdSelect, SwitchInput, grid } from './fields';

const DAY = 24 * 60 * 60 * 1000;

/** Old-message import of a WhatsApp connection: window, groups, closing afterwards, target queue. */
export default function ImportFields({ form, queues, reconnectWarning }) {
  const { t } = useTranslation();
  const enabled = form.values.importEnabled;

  const toggle = (on) => {
    form.setValue('importEnabled', on);
    if (on && !form.values.importOldMessages) form.setValue('importOldMessages', toLocalDateTime(new Date(Date.now() - 30 * DAY)));
    if (on && !form.values.importRecentMessages) form.setValue('importRecentMessages', toLocalDateTime(new Date()));
  };
  const dateInput = (name) => (
    <TextField {...form.field(name)} type="datetime-local" label={t(`connections.modal.${name}`)} fullWidth
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `connection-${name}` } }} />
  );

  return (
    <Stack spacing={2}>
      <Typography variant="subtitle2">{t('connections.modal.importTitle')}</Typography>
      <FormControlLabel label={t('connections.modal.importEnabled')} control={(
        <Switch checked={enabled} onChange={(e) => toggle(e.target.checked)} slotProps={{ input: { 'data-testid': 'connection-importEnabled' } }} />
      )} />
      {enabled && (
        <>
          <Box sx={grid}>
            {dateInput('importOldMessages')}
            {dateInput('importRecentMessages')}
            <IdSelect form={form} name="queueIdImportMessages" items={queues} />
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <SwitchInput form={form} name="importOldMessagesGroups" />
            <SwitchInput form={form} name="closedTicketsPostImported" />
          </Stack>
        </>
      )}
      {reconnectWarning && <Alert severity="warning" data-testid="connection-import-warning">{t('connections.modal.importReconnect')}</Alert>}
    </Stack>
  );
}
