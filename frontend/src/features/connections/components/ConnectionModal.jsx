import { useCallback, useEffect, useState } from 'react';
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Tab, Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';
import useDiscardGuard from '../../../hooks/useDiscardGuard';
import useForm from '../../../hooks/useForm';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import { createConnection, deleteGreetingMedia, getConnection, updateConnection, uploadGreetingMedia } from '../api/connectionsApi';
import { WHATSAPP } from '../api/connectionRules';
import { connectionPayload, connectionToForm, formErrors, importChanged, tabOf, validateConnection } from '../api/connectionForm';
import useConnectionLookups from '../hooks/useConnectionLookups';
import GeneralTab from './tabs/GeneralTab';
import MessagesTab from './tabs/MessagesTab';
import ChatbotTab from './tabs/ChatbotTab';
import IntegrationsTab from './tabs/IntegrationsTab';
import AssessmentsTab from './tabs/AssessmentsTab';
import SchedulesTab from './tabs/SchedulesTab';

/** The greeting's media goes after the record exists; a failure there keeps the saved record. */
async function saveGreetingMedia(id, values) {
  try {
    if (values.greetingMediaFile) {
      await uploadGreetingMedia(id, values.greetingMediaFile);
      return values.greetingMediaFile.name;
    }
    if (values.removeGreetingMedia) {
      await deleteGreetingMedia(id);
      return '';
    }
  } catch (error) {
    toastError(error);
  }
  return undefined;
}

/**
 * Editing a connected WhatsApp connection so that it imports old messages needs a new pairing
 * (the phone sends its history when paired): the server drops the session, asks for a new QR
 * code and says so with warning WARN_IMPORT_RECONNECT. The form warns before saving.
 */
export const REPAIR_WARNING = 'WARN_IMPORT_RECONNECT';
const needsRepairing = (connection, values) =>
  Boolean(connection) && connection.channel === WHATSAPP && connection.status === 'CONNECTED' && importChanged(values, connection);

function ConnectionForm({ connection, initialTab, onClose, onSaved, onDirtyChange }) {
  const { t } = useTranslation();
  const creating = !connection;
  const form = useForm(connectionToForm(connection));
  useEffect(() => onDirtyChange(form.dirty), [form.dirty, onDirtyChange]);
  const lookups = useConnectionLookups();
  const [tab, setTab] = useState(initialTab || 'general');
  const [saving, setSaving] = useState(false);
  const tabs = ['general', ...(lookups.integrations ? ['integrations'] : []), 'messages', 'chatbot', 'assessments',
    ...(lookups.showSchedules ? ['schedules'] : [])];
  const repairing = needsRepairing(connection, form.values);

  const showFirstError = (errors) => {
    const first = Object.keys(errors).find((key) => errors[key]);
    if (first) setTab(tabOf(first));
  };

  const onSubmit = async (event) => {
    event.preventDefault();
    const errors = validateConnection(form.values, {
      ratingRequired: lookups.ratingRequired, creating, showSchedules: lookups.showSchedules, stored: creating ? null : connectionToForm(connection),
    });
    if (!form.check({}, errors)) {
      showFirstError(errors);
      return;
    }
    setSaving(true);
    try {
      const payload = connectionPayload(form.values, { creating });
      const saved = creating ? await createConnection(payload) : await updateConnection(connection.id, payload);
      const media = await saveGreetingMedia(saved.id, form.values);
      if (media !== undefined) saved.greetingMediaAttachment = media;
      const { warning } = saved;
      if (warning) toast.warning(t(`connections.warnings.${warning.code}`, { defaultValue: warning.message }));
      toast.success(t('connections.saved'));
      onSaved(saved, { showQr: warning?.code === REPAIR_WARNING });
      onClose();
    } catch (error) {
      const fields = formErrors(error.fields, form.values);
      form.applyServerErrors({ fields });
      showFirstError(fields);
      toastError(error);
      setSaving(false);
    }
  };

  const panels = {
    general: <GeneralTab form={form} creating={creating} queues={lookups.queues} reconnectWarning={repairing} />,
    messages: <MessagesTab form={form} queues={lookups.queues} />,
    integrations: <IntegrationsTab form={form} integrations={lookups.integrations || []} flows={lookups.flows} />,
    chatbot: <ChatbotTab form={form} prompts={lookups.prompts} />,
    assessments: <AssessmentsTab form={form} ratingRequired={lookups.ratingRequired} />,
    schedules: <SchedulesTab form={form} />,
  };

  return (
    <Box component="form" onSubmit={onSubmit} noValidate data-testid="connection-form" sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
      <DialogTitle>{creating ? t('connections.modal.addTitle') : t('connections.modal.editTitle')}</DialogTitle>
      <DialogContent dividers sx={{ flex: 1 }}>
        <Tabs value={tabs.includes(tab) ? tab : 'general'} onChange={(_, value) => setTab(value)} variant="scrollable" scrollButtons="auto">
          {tabs.map((name) => (
            <Tab key={name} value={name} label={t(`connections.modal.tabs.${name}`)} data-testid={`connection-tab-${name}`} />
          ))}
        </Tabs>
        {tabs.map((name) => <Box key={name} hidden={tab !== name}>{panels[name]}</Box>)}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="connection-cancel">{t('common.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={saving} data-testid="connection-save">
          {creating ? t('common.add') : t('common.save')}
        </Button>
      </DialogActions>
    </Box>
  );
}

function EditConnectionForm({ connectionId, initialTab, onClose, onSaved, onDirtyChange }) {
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
  return <ConnectionForm connection={connection} initialTab={initialTab} onClose={onClose} onSaved={onSaved} onDirtyChange={onDirtyChange} />;
}

// One size for every tab (the longest one scrolls), so the dialog does not jump between tabs.
const PAPER_SIZE = { height: { sm: 'min(760px, calc(100% - 64px))' } };

/**
 * Add (connectionId null) or edit a connection, read afresh (with its token) on open;
 * initialTab opens another tab first (the sandbox panel's link to the schedules tab).
 */
export default function ConnectionModal({ open, connectionId, initialTab, onClose, onSaved }) {
  const [dirty, setDirty] = useState(false);
  const close = useCallback(() => {
    setDirty(false);
    onClose();
  }, [onClose]);
  const [guardedClose, discardConfirmation] = useDiscardGuard({ dirty, onClose: close, testId: 'connection' });
  const props = { onClose: close, onSaved, onDirtyChange: setDirty };
  let content = null;
  if (open && connectionId) content = <EditConnectionForm key={connectionId} connectionId={connectionId} initialTab={initialTab} {...props} />;
  else if (open) content = <ConnectionForm connection={null} {...props} />;
  return (
    <Dialog open={open} onClose={guardedClose} fullWidth maxWidth="md" data-testid="connection-modal" slotProps={{ paper: { sx: PAPER_SIZE } }}>
      {content}
      {discardConfirmation}
    </Dialog>
  );
}
