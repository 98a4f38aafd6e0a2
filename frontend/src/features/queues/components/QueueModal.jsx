import { FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import ColorPickerField from '../../../components/ColorPickerField';
import FormDialog from '../../../components/FormDialog';
import SelectField from '../../../components/SelectField';
import useForm from '../../../hooks/useForm';
import { createQueue, updateQueue } from '../api/queuesApi';
import { ROTATION_MINUTES, queuePayload, queueToForm, validateQueue } from '../api/queueForm';

const input = (testId) => ({ htmlInput: { 'data-testid': testId } });

/** Add (queue null) or edit a queue; queues are the others, for the unique-colour rule. */
function QueueForm({ queue, queues, onClose, onSaved }) {
  const { t } = useTranslation();
  const form = useForm(queueToForm(queue));
  const color = form.field('color');
  const toggle = (name, testId) => (
    <Switch checked={form.values[name]} onChange={(e) => form.setValue(name, e.target.checked)} slotProps={{ input: { 'data-testid': testId } }} />
  );

  const save = () => {
    const payload = queuePayload(form.values);
    return queue ? updateQueue(queue.id, payload) : createQueue(payload);
  };

  return (
    <FormDialog
      testId="queue"
      maxWidth="md"
      title={queue ? t('queues.modal.editTitle') : t('queues.modal.addTitle')}
      adding={!queue}
      validate={() => form.check({}, validateQueue(form.values, { queues, id: queue?.id ?? null }))}
      onSubmit={save}
      onError={form.applyServerErrors}
      successMessage={t('queues.saved')}
      onSaved={onSaved}
      onClose={onClose}
      dirty={form.dirty}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField {...form.field('name')} label={t('queues.modal.name')} required fullWidth autoFocus slotProps={input('queue-name')} />
          <ColorPickerField value={form.values.color} onChange={(value) => form.setValue('color', value)} label={t('queues.modal.color')}
            error={color.error} helperText={color.helperText} required testId="queue-color" />
          <TextField {...form.field('orderQueue')} label={t('queues.modal.orderQueue')} type="number" sx={{ minWidth: 190 }}
            slotProps={{ htmlInput: { min: 0, step: 1, 'data-testid': 'queue-order' } }} />
        </Stack>
        <TextField {...form.field('greetingMessage')} label={t('queues.modal.greetingMessage')} multiline minRows={3} fullWidth
          slotProps={input('queue-greeting')} />
        <TextField {...form.field('outOfHoursMessage')} label={t('queues.modal.outOfHoursMessage')} multiline minRows={2} fullWidth
          slotProps={input('queue-out-of-hours')} />
        <FormControlLabel control={toggle('closeTicket', 'queue-close-ticket')} label={t('queues.modal.closeTicket')} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <FormControlLabel control={toggle('ativarRoteador', 'queue-rotation')} label={t('queues.modal.rotation')} />
          <SelectField {...form.field('tempoRoteador')} label={t('queues.modal.rotationTime')} testId="queue-rotation-time"
            disabled={!form.values.ativarRoteador} fullWidth={false} sx={{ minWidth: 200 }}
            options={ROTATION_MINUTES.map((minutes) => ({ value: minutes, label: t('queues.minutes', { count: minutes }) }))} />
        </Stack>
      </Stack>
    </FormDialog>
  );
}

export default function QueueModal({ open, queue, queues, onClose, onSaved }) {
  return open ? <QueueForm key={queue?.id ?? 'new'} queue={queue} queues={queues} onClose={onClose} onSaved={onSaved} /> : null;
}
