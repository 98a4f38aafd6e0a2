import { Alert, Button, FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import ColorPickerField from '../../../components/ColorPickerField';
import SelectField from '../../../components/SelectField';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import WeekdayHoursEditor from '../../hours/components/WeekdayHoursEditor';
import { hasSchedules, hoursProps, schedulesOf } from '../../hours/api/schedules';
import { ROTATION_MINUTES } from '../api/queueForm';
import { getCompanySchedules } from '../api/queuesApi';

const input = (testId) => ({ htmlInput: { 'data-testid': testId } });

function Toggle({ form, name, testId, label }) {
  return (
    <FormControlLabel label={label} control={(
      <Switch checked={form.values[name]} onChange={(e) => form.setValue(name, e.target.checked)} slotProps={{ input: { 'data-testid': testId } }} />
    )} />
  );
}

function OutOfHours({ form, required }) {
  const { t } = useTranslation();
  return (
    <TextField {...form.field('outOfHoursMessage')} label={t('queues.modal.outOfHoursMessage')} multiline minRows={2} fullWidth required={required}
      helperText={form.field('outOfHoursMessage').helperText || t('queues.help.outOfHoursMessage')} slotProps={input('queue-out-of-hours')} />
  );
}

/** Name, colour, order, greeting, close on entry and the file list sent on entry. */
export function QueueDataTab({ form, files, integrations, showSchedules }) {
  const { t } = useTranslation();
  const color = form.field('color');
  return (
    <Stack spacing={2} sx={{ pt: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField {...form.field('name')} label={t('queues.modal.name')} required fullWidth autoFocus slotProps={input('queue-name')} />
        <ColorPickerField value={form.values.color} onChange={(value) => form.setValue('color', value)} label={t('queues.modal.color')}
          error={color.error} helperText={color.helperText} required testId="queue-color" />
        <TextField {...form.field('orderQueue')} label={t('queues.modal.orderQueue')} type="number" sx={{ minWidth: 190 }}
          slotProps={{ htmlInput: { min: 0, step: 1, 'data-testid': 'queue-order' } }} />
      </Stack>
      <TextField {...form.field('greetingMessage')} label={t('queues.modal.greetingMessage')} multiline minRows={3} fullWidth
        helperText={form.field('greetingMessage').helperText || t('queues.help.greetingMessage')} slotProps={input('queue-greeting')} />
      {!showSchedules && <OutOfHours form={form} required={false} />}
      <SelectField {...form.field('fileListId')} label={t('queues.modal.fileListId')} testId="queue-file-list"
        helperText={form.field('fileListId').helperText || t('queues.help.fileListId')}
        options={[{ value: '', label: t('queues.modal.none') }, ...files.map((file) => ({ value: file.id, label: file.name }))]} />
      {integrations && (
        <SelectField {...form.field('integrationId')} label={t('integrations.select')} testId="queue-integration"
          options={[{ value: '', label: t('queues.modal.none') }, ...integrations.map((it) => ({ value: it.id, label: it.name }))]} />
      )}
      <Stack spacing={0.5}>
        <Toggle form={form} name="closeTicket" testId="queue-close-ticket" label={t('queues.modal.closeTicket')} />
        <Alert severity="info" variant="outlined" sx={{ py: 0 }}>{t('queues.help.closeTicket')}</Alert>
      </Stack>
    </Stack>
  );
}

/** Hours per weekday (scheduleType "queue"), importable from the company's, and the out-of-hours message. */
export function QueueSchedulesTab({ form, companyId, stored }) {
  const { t } = useTranslation();
  const [importing, setImporting] = useState(false);
  const importCompanyHours = async () => {
    setImporting(true);
    try {
      const company = await getCompanySchedules(companyId);
      if (!hasSchedules(company?.schedules)) {
        toast.warning(t('queues.schedules.companyHasNone'));
        return;
      }
      form.setValues((current) => ({ ...current, schedules: schedulesOf(company.schedules) }));
      form.setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !key.includes('.'))));
      toast.success(t('queues.schedules.imported'));
    } catch (error) {
      toastError(error);
    } finally {
      setImporting(false);
    }
  };
  return (
    <Stack spacing={2} sx={{ pt: 2 }}>
      <Alert severity="info">{t('queues.schedules.help')}</Alert>
      {!hasSchedules(stored) && <Alert severity="warning" data-testid="queue-schedules-defaults">{t('queues.schedules.defaults')}</Alert>}
      <OutOfHours form={form} required />
      <Stack direction="row">
        <Button variant="outlined" onClick={importCompanyHours} disabled={importing || !companyId} data-testid="queue-import-hours">
          {t('queues.schedules.import')}
        </Button>
      </Stack>
      <WeekdayHoursEditor {...hoursProps(form)} testId="queue-schedule" />
    </Stack>
  );
}

/** Attendant rotation of the queue's waiting tickets. */
export function QueueRotationTab({ form }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ pt: 2 }}>
      <Alert severity="info">{t('queues.help.rotation')}</Alert>
      <Toggle form={form} name="ativarRoteador" testId="queue-rotation" label={t('queues.modal.rotation')} />
      <SelectField {...form.field('tempoRoteador')} label={t('queues.modal.rotationTime')} testId="queue-rotation-time"
        disabled={!form.values.ativarRoteador} fullWidth={false} sx={{ minWidth: 240 }} helperText={t('queues.help.rotationTime')}
        options={ROTATION_MINUTES.map((minutes) => ({ value: minutes, label: t('queues.minutes', { count: minutes }) }))} />
    </Stack>
  );
}
