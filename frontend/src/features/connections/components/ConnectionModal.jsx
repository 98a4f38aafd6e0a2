import { useEffect, useState } from 'react';
import useSWR from 'swr';
import {
  Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack, Switch, Tab, Tabs, TextField,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import SelectField from '../../../components/SelectField';
import useForm from '../../../hooks/useForm';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import { createConnection, getConnection, updateConnection } from '../api/connectionsApi';
import { CHANNELS } from '../api/connectionRules';
import { NUMBER_FIELDS, TEXT_FIELDS, connectionPayload, connectionToForm, tabOf, validateConnection } from '../api/connectionForm';
import QueuesSelect from './QueuesSelect';
import TokenField from './TokenField';

function GeneralTab({ form, creating, queues }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ pt: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField {...form.field('name')} label={t('connections.modal.name')} required fullWidth autoFocus
          slotProps={{ htmlInput: { 'data-testid': 'connection-name' } }} />
        <SelectField {...form.field('channel')} label={t('connections.modal.channel')} testId="connection-channel-select"
          disabled={!creating} helperText={creating ? undefined : t('connections.modal.channelFixed')}
          options={CHANNELS.map((channel) => ({ value: channel, label: t(`connections.channels.${channel}`) }))} />
        <FormControlLabel sx={{ minWidth: 120 }} label={t('connections.modal.isDefault')} control={(
          <Switch checked={form.values.isDefault} onChange={(e) => form.setValue('isDefault', e.target.checked)}
            slotProps={{ input: { 'data-testid': 'connection-default-switch' } }} />
        )} />
      </Stack>
      <QueuesSelect value={form.values.queueIds} onChange={(ids) => form.setValue('queueIds', ids)} queues={queues}
        label={t('connections.modal.queues')} testId="connection-queues" />
      {TEXT_FIELDS.general.map((field) => (
        <TextField key={field} {...form.field(field)} label={t(`connections.modal.${field}`)} multiline minRows={2} fullWidth
          slotProps={{ htmlInput: { 'data-testid': `connection-${field}` } }} />
      ))}
      <TokenField token={form.values.token} creating={creating} regenerate={form.values.regenerateToken}
        onRegenerate={() => form.setValue('regenerateToken', true)} />
    </Stack>
  );
}

function MessagesTab({ form, queues }) {
  const { t } = useTranslation();
  const number = (field) => (
    <TextField key={field} {...form.field(field)} type="number" label={t(`connections.modal.${field}`)} fullWidth
      slotProps={{ htmlInput: { min: 0, step: 1, 'data-testid': `connection-${field}` } }} />
  );
  return (
    <Stack spacing={2} sx={{ pt: 2 }}>
      {TEXT_FIELDS.messages.map((field) => (
        <TextField key={field} {...form.field(field)} label={t(`connections.modal.${field}`)} multiline minRows={2} fullWidth
          slotProps={{ htmlInput: { 'data-testid': `connection-${field}` } }} />
      ))}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' }, gap: 2 }}>
        {NUMBER_FIELDS.map(number)}
        <SelectField {...form.field('sendIdQueue')} label={t('connections.modal.sendIdQueue')} testId="connection-sendIdQueue"
          options={[{ value: '', label: t('connections.modal.noQueue') }, ...queues.map((queue) => ({ value: queue.id, label: queue.name }))]} />
      </Box>
    </Stack>
  );
}

function ConnectionForm({ connection, onClose, onSaved }) {
  const { t } = useTranslation();
  const creating = !connection;
  const form = useForm(connectionToForm(connection));
  const { data } = useSWR('/queue');
  const queues = Array.isArray(data) ? data : [];
  const [tab, setTab] = useState('general');
  const [saving, setSaving] = useState(false);

  const showFirstError = (errors) => {
    const first = Object.keys(errors)[0];
    if (first) setTab(tabOf(first));
  };

  const onSubmit = async (event) => {
    event.preventDefault();
    const errors = validateConnection(form.values);
    if (!form.check({}, errors)) {
      showFirstError(errors);
      return;
    }
    setSaving(true);
    try {
      const payload = connectionPayload(form.values, { creating });
      const saved = creating ? await createConnection(payload) : await updateConnection(connection.id, payload);
      toast.success(t('connections.saved'));
      onSaved(saved);
      onClose();
    } catch (error) {
      form.applyServerErrors(error);
      showFirstError(error.fields || {});
      toastError(error);
      setSaving(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="connection-form">
      <DialogTitle>{creating ? t('connections.modal.addTitle') : t('connections.modal.editTitle')}</DialogTitle>
      <DialogContent dividers>
        <Tabs value={tab} onChange={(_, value) => setTab(value)} variant="fullWidth">
          <Tab value="general" label={t('connections.modal.tabs.general')} data-testid="connection-tab-general" />
          <Tab value="messages" label={t('connections.modal.tabs.messages')} data-testid="connection-tab-messages" />
        </Tabs>
        <Box hidden={tab !== 'general'}><GeneralTab form={form} creating={creating} queues={queues} /></Box>
        <Box hidden={tab !== 'messages'}><MessagesTab form={form} queues={queues} /></Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="connection-cancel">{t('common.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={saving} data-testid="connection-save">
          {creating ? t('common.add') : t('common.save')}
        </Button>
      </DialogActions>
    </form>
  );
}

function EditConnectionForm({ connectionId, onClose, onSaved }) {
  const [connection, setConnection] = useState(null);
  useEffect(() => {
    let live = true;
    getConnection(connectionId)
      .then((fresh) => live && setConnection(fresh))
      .catch((error) => {
        if (!live) return;
        toastError(error);
        onClose();
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opened connection
  }, [connectionId]);
  if (!connection) return <CircularProgress sx={{ m: 4, alignSelf: 'center' }} />;
  return <ConnectionForm connection={connection} onClose={onClose} onSaved={onSaved} />;
}

/** Add (connectionId null) or edit a connection, read afresh (with its token) on open. */
export default function ConnectionModal({ open, connectionId, onClose, onSaved }) {
  let content = null;
  if (open && connectionId) content = <EditConnectionForm key={connectionId} connectionId={connectionId} onClose={onClose} onSaved={onSaved} />;
  else if (open) content = <ConnectionForm connection={null} onClose={onClose} onSaved={onSaved} />;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" data-testid="connection-modal">
      {content}
    </Dialog>
  );
}
