import { useRef, useState } from 'react';
import {
  Alert, Box, Button, Chip, Divider, FormControlLabel, IconButton, Link, Stack, Switch, TextField, Tooltip, Typography,
} from '@mui/material';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import ConfirmationDialog from '../../../components/ConfirmationDialog';
import FormDialog from '../../../components/FormDialog';
import SelectField from '../../../components/SelectField';
import useForm from '../../../hooks/useForm';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import ContactPicker from '../../tickets/components/ContactPicker';
import { useAllQueues, useCompanyUsers, useConnections } from '../../tickets/hooks/useLookups';
import {
  createSchedule, createScheduleWithMedia, deleteSchedule, deleteScheduleMedia, updateSchedule, uploadScheduleMedia,
} from '../api/schedulesApi';
import {
  DAY_RULES, STATUS_COLORS, TICKET_STATUSES, UNITS, canSubmit, dialogTitle, mediaAction, scheduleToForm, schedulePayload,
  validateSchedule,
} from '../api/scheduleForm';

const VARIABLES = ['name', 'firstName', 'userName', 'ms', 'date', 'hour', 'data_hora', 'protocol', 'ticket_id', 'queue', 'connection', 'name_company'];
const asRecord = (answer, fallback) => (answer && typeof answer === 'object' && answer.id ? answer : fallback);

function ImageField({ record, file, removed, disabled, error, onFile, onRemove }) {
  const { t } = useTranslation();
  const inputRef = useRef(null);
  const current = file ? file.name : !removed && record?.mediaName;
  const href = !file && !removed ? record?.mediaPath : null;
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <input ref={inputRef} type="file" hidden accept="image/png,image/jpeg,.png,.jpg,.jpeg" data-testid="schedule-file"
          onChange={(e) => {
            if (e.target.files?.[0]) onFile(e.target.files[0]);
            e.target.value = '';
          }} />
        <Button variant="outlined" startIcon={<ImageOutlinedIcon />} disabled={disabled} onClick={() => inputRef.current?.click()}
          data-testid="schedule-attach">
          {t('schedules.modal.attach')}
        </Button>
        {current ? (
          <Box sx={{ display: 'flex', alignItems: 'center', minWidth: 0 }} data-testid="schedule-media">
            {href ? <Link href={href} target="_blank" rel="noreferrer" noWrap>{current}</Link> : <Typography noWrap>{current}</Typography>}
            {!disabled && (
              <Tooltip title={t('schedules.modal.removeMedia')}>
                <IconButton size="small" onClick={onRemove} aria-label={t('schedules.modal.removeMedia')} data-testid="schedule-remove-media">
                  <DeleteOutlinedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary">{t('schedules.modal.noMedia')}</Typography>
        )}
      </Stack>
      {error && <Typography variant="caption" color="error" data-testid="schedule-file-error">{error}</Typography>}
    </Stack>
  );
}

function StatusLine({ record }) {
  const { t, i18n } = useTranslation();
  if (!record) return null;
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip size="small" label={t(`schedules.status.${record.status}`)} data-testid="schedule-status"
          sx={{ bgcolor: STATUS_COLORS[record.status], color: '#fff' }} />
        {record.valorIntervalo > 0 && (
          <Typography variant="body2" data-testid="schedule-progress">
            {t('schedules.modal.progress', { done: record.contadorEnvio ?? 0, total: record.enviarQuantasVezes })}
          </Typography>
        )}
        {record.sentAt && (
          <Typography variant="body2">
            {t('schedules.modal.sentAt', { date: new Date(record.sentAt).toLocaleString(i18n.language) })}
          </Typography>
        )}
        {record.ticketId && (
          <Link component={RouterLink} to={`/tickets/${record.ticketId}`} variant="body2" data-testid="schedule-ticket">
            {t('schedules.modal.openTicketLink')}
          </Link>
        )}
      </Stack>
      {record.status === 'ERRO' && <Alert severity="error" data-testid="schedule-error">{record.error}</Alert>}
    </Stack>
  );
}

/**
 * Add (record null) or edit a schedule (spec/3 schedule dialog). A new one may come with a
 * contact and connection (from a ticket) or a date (a calendar click). Once all its sends are
 * made (sentAt) it opens read-only.
 */
function ScheduleForm({ record, contact, whatsappId, sendAt, onClose, onSaved, onDeleted }) {
  const { t } = useTranslation();
  const form = useForm(scheduleToForm(record, { contact, whatsappId, sendAt }));
  const [file, setFile] = useState(null);
  const [removed, setRemoved] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [savedId, setSavedId] = useState(record?.id ?? null);
  const connections = useConnections();
  const users = useCompanyUsers();
  const queues = useAllQueues();
  const editable = canSubmit(record);
  const { values } = form;
  const title = dialogTitle(record);
  const none = { value: '', label: t('schedules.modal.none') };
  const number = (name, label, props = {}) => (
    <TextField {...form.field(name)} type="number" label={label} fullWidth disabled={!editable}
      slotProps={{ htmlInput: { min: 0, 'data-testid': `schedule-${name}` } }} {...props} />
  );
  const toggle = (name, label) => (
    <FormControlLabel label={label} control={(
      <Switch checked={Boolean(values[name])} disabled={!editable} onChange={(e) => form.setValue(name, e.target.checked)}
        slotProps={{ input: { 'data-testid': `schedule-${name}` } }} />
    )} />
  );
  const hadMedia = Boolean(record?.mediaName);

  const save = async () => {
    const payload = schedulePayload(values);
    if (!savedId && file) return asRecord(await createScheduleWithMedia(payload, file), payload);
    let saved = savedId ? await updateSchedule(savedId, payload) : await createSchedule(payload);
    setSavedId(saved.id);
    const action = mediaAction({ file, removed, hadMedia });
    if (action === 'upload') saved = asRecord(await uploadScheduleMedia(saved.id, file), saved);
    if (action === 'delete') saved = asRecord(await deleteScheduleMedia(saved.id), saved);
    return saved;
  };

  const remove = async () => {
    try {
      await deleteSchedule(record.id);
      toast.success(t('schedules.deleted'));
      onDeleted?.(record.id);
      onClose();
    } catch (error) {
      toastError(error);
    }
  };

  const errors = () => validateSchedule(values, { file });
  const fileError = form.errors.file ? form.message(form.errors.file) : null;

  return (
    <FormDialog
      testId="schedule"
      maxWidth="md"
      title={title.status ? t(title.key, { status: t(`schedules.status.${title.status}`) }) : t(title.key)}
      readOnly={!editable}
      adding={!record}
      validate={() => form.check({}, errors())}
      onSubmit={save}
      onError={(error) => {
        form.applyServerErrors(error);
        // The server names the contact field contactId; the picker is 'contact'.
        if (error?.fields?.contactId) form.setErrors((e) => ({ ...e, contact: error.fields.contactId }));
      }}
      successMessage={t('schedules.saved')}
      onSaved={onSaved}
      onClose={onClose}
      dirty={form.dirty || Boolean(file) || removed}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <StatusLine record={record} />
        <ContactPicker value={values.contact} label={t('schedules.modal.contact')} testId="schedule-contact"
          onChange={(picked) => form.setValue('contact', picked)} />
        {form.errors.contact && <Typography variant="caption" color="error">{form.message(form.errors.contact)}</Typography>}
        <TextField {...form.field('body')} label={t('schedules.modal.body')} multiline minRows={4} fullWidth required disabled={!editable}
          helperText={form.field('body').helperText
            || (values.openTicket ? `${t('schedules.modal.variables')} ${VARIABLES.map((v) => `{{${v}}}`).join(' ')}` : undefined)}
          slotProps={{ htmlInput: { 'data-testid': 'schedule-body' } }} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField {...form.field('sendAt')} type="datetime-local" label={t('schedules.modal.sendAt')} fullWidth required disabled={!editable}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'schedule-sendAt' } }} />
          <SelectField {...form.field('whatsappId')} label={t('schedules.modal.connection')} disabled={!editable} testId="schedule-whatsappId"
            options={[{ value: '', label: t('schedules.modal.defaultConnection') }, ...connections.map((c) => ({ value: c.id, label: c.name }))]} />
        </Stack>
        {toggle('openTicket', t('schedules.modal.openTicket'))}
        {values.openTicket && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <SelectField {...form.field('statusTicket')} label={t('schedules.modal.statusTicket')} disabled={!editable} testId="schedule-statusTicket"
              options={TICKET_STATUSES.map((s) => ({ value: s, label: t(`schedules.modal.ticketStatus.${s}`) }))} />
            <SelectField {...form.field('ticketUserId')} label={t('schedules.modal.ticketUser')} disabled={!editable} testId="schedule-ticketUserId"
              options={[none, ...users.map((u) => ({ value: u.id, label: u.name }))]} />
            <SelectField {...form.field('queueId')} label={t('schedules.modal.queue')} disabled={!editable} testId="schedule-queueId"
              options={[none, ...queues.map((q) => ({ value: q.id, label: q.name }))]} />
          </Stack>
        )}
        {values.openTicket && toggle('assinar', t('schedules.modal.assinar'))}
        <Divider textAlign="left"><Typography variant="caption">{t('schedules.modal.repeat')}</Typography></Divider>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {number('valorIntervalo', t('schedules.modal.valorIntervalo'), { helperText: form.field('valorIntervalo').helperText || t('schedules.modal.valorHelp') })}
          <SelectField {...form.field('intervalo')} label={t('schedules.modal.intervalo')} disabled={!editable} testId="schedule-intervalo"
            options={UNITS.map((u) => ({ value: u, label: t(`schedules.modal.units.${u}`) }))} />
          {number('enviarQuantasVezes', t('schedules.modal.enviarQuantasVezes'), { disabled: !editable || !(Number(values.valorIntervalo) > 0) })}
        </Stack>
        <SelectField {...form.field('tipoDias')} label={t('schedules.modal.tipoDias')} disabled={!editable} testId="schedule-tipoDias"
          options={DAY_RULES.map((d) => ({ value: d, label: t(`schedules.modal.dayRules.${d}`) }))} />
        <ImageField record={record} file={file} removed={removed} disabled={!editable} error={fileError}
          onFile={(chosen) => { setFile(chosen); setRemoved(false); form.setErrors((e) => ({ ...e, file: undefined })); }}
          onRemove={() => { setFile(null); setRemoved(true); }} />
        {record && (
          <Box>
            <Button color="error" startIcon={<DeleteOutlinedIcon />} onClick={() => setConfirmDelete(true)} data-testid="schedule-delete">
              {t('schedules.modal.delete')}
            </Button>
          </Box>
        )}
      </Stack>
      <ConfirmationDialog open={confirmDelete} title={t('schedules.deleteTitle')} onClose={() => setConfirmDelete(false)}
        onConfirm={remove} testId="schedule-delete-confirm">
        {t('schedules.deleteMessage')}
      </ConfirmationDialog>
    </FormDialog>
  );
}

export default function ScheduleModal({ open, record, contact, whatsappId, sendAt, onClose, onSaved, onDeleted }) {
  return open ? (
    <ScheduleForm key={record?.id ?? 'new'} record={record} contact={contact} whatsappId={whatsappId} sendAt={sendAt}
      onClose={onClose} onSaved={onSaved} onDeleted={onDeleted} />
  ) : null;
}
