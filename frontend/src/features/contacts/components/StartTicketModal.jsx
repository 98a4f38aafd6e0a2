import { useState } from 'react';
import useSWR from 'swr';
import { useNavigate } from 'react-router';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import SelectField from '../../../components/SelectField';
import useForm from '../../../hooks/useForm';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import { useAuth } from '../../auth/hooks/useAuth';
import { createTicket } from '../api/contactsApi';
import { conflictTicket } from '../api/contactForm';
import { initialConnectionId, initialQueueId, queueChoices, startTicketErrors, startTicketPayload } from '../api/startTicket';

const asList = (data) => (Array.isArray(data) ? data : []);

function StartTicketForm({ contact, queues, connections, onClose }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const form = useForm({ queueId: initialQueueId(queues), whatsappId: initialConnectionId(user, connections) });
  const [saving, setSaving] = useState(false);

  const open = (uuid) => {
    onClose();
    navigate(`/tickets/${uuid}`);
  };

  const onSubmit = async (event) => {
    event.preventDefault();
    if (!form.check({}, startTicketErrors(form.values))) return;
    setSaving(true);
    try {
      const ticket = await createTicket(startTicketPayload({ contactId: contact.id, userId: user.id, ...form.values }));
      open(ticket.uuid);
    } catch (error) {
      setSaving(false);
      const existing = conflictTicket(error);
      if (existing && (existing.userId == null || existing.userId === user.id)) {
        open(existing.uuid);
        return;
      }
      if (existing) {
        toast.warning(t('contacts.startTicketModal.inUse', { user: existing.user?.name ?? '', queue: existing.queue?.name ?? '' }));
        return;
      }
      toastError(error);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="start-ticket-form">
      <DialogTitle>{t('contacts.startTicketModal.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <DialogContentText>{t('contacts.startTicketModal.contact', { name: contact.name })}</DialogContentText>
          {!connections.length && <Alert severity="warning">{t('contacts.startTicketModal.noConnections')}</Alert>}
          <SelectField {...form.field('queueId')} label={t('contacts.startTicketModal.queue')} testId="start-ticket-queue"
            options={queues.map((queue) => ({ value: queue.id, label: queue.name }))} />
          <SelectField {...form.field('whatsappId')} label={t('contacts.startTicketModal.connection')} testId="start-ticket-connection"
            options={connections.map((connection) => ({ value: connection.id, label: connection.name }))} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="start-ticket-cancel">{t('common.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={saving} data-testid="start-ticket-submit">
          {t('contacts.startTicketModal.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}

/** Chooses queue and connection, POST /tickets, then opens /tickets/{uuid}. */
export default function StartTicketModal({ contact, onClose }) {
  const { user } = useAuth();
  const { data: allQueues, error: queuesError } = useSWR(contact ? '/queue' : null);
  const { data: connections, error: connectionsError } = useSWR(contact ? '/whatsapp' : null);
  const ready = (allQueues !== undefined || queuesError) && (connections !== undefined || connectionsError);
  return (
    <Dialog open={Boolean(contact)} onClose={onClose} fullWidth maxWidth="xs" data-testid="start-ticket-modal">
      {contact && ready && (
        <StartTicketForm key={contact.id} contact={contact} onClose={onClose}
          queues={queueChoices(user, asList(allQueues))} connections={asList(connections)} />
      )}
    </Dialog>
  );
}
