import { useEffect, useState } from 'react';
import { MenuItem, Stack, TextField } from '@mui/material';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import FormDialog from '../../../components/FormDialog';
import { useAuth } from '../../auth/hooks/useAuth';
import { createTicket } from '../api/ticketsApi';
import { useInbox } from '../hooks/useInbox';
import { useConnections, useQueueOptions } from '../hooks/useLookups';
import ContactModal from '../../contacts/components/ContactModal';
import ContactPicker from './ContactPicker';

function NewTicketForm({ onClose }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const inbox = useInbox();
  const queues = useQueueOptions(user);
  const connections = useConnections();
  const [contact, setContact] = useState(null);
  const [queueId, setQueueId] = useState('');
  const [whatsappId, setWhatsappId] = useState('');
  const [errors, setErrors] = useState({});
  const [newContactName, setNewContactName] = useState(null);

  useEffect(() => {
    if (queues.length === 1 && queueId === '') setQueueId(queues[0].id);
  }, [queues, queueId]);

  useEffect(() => {
    if (whatsappId !== '' || !connections.length) return;
    const preferred = connections.find((c) => c.id === user.whatsappId) || connections.find((c) => c.isDefault) || connections[0];
    setWhatsappId(preferred.id);
  }, [connections, whatsappId, user.whatsappId]);

  const validate = () => {
    const found = {};
    if (!contact) found.contact = t('tickets.newTicket.contactRequired');
    if (queueId === '') found.queue = t('tickets.newTicket.queueRequired');
    if (whatsappId === '') found.whatsapp = t('tickets.newTicket.connectionRequired');
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  // A ticket that already exists answers an owner conflict: its dialog (or the own ticket) takes over.
  const create = async () => {
    try {
      return await createTicket({ contactId: contact.id, queueId, whatsappId, userId: user.id, status: 'open' });
    } catch (error) {
      if (inbox?.handleConflict(error)) return null;
      throw error;
    }
  };

  const open = (ticket) => {
    if (!ticket) return;
    inbox?.setTab('open');
    navigate(`/tickets/${ticket.uuid}`);
  };

  return (
    <>
      <FormDialog testId="new-ticket" maxWidth="xs" title={t('tickets.newTicket.title')}
        validate={validate} onSubmit={create} onSaved={open} onClose={onClose}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <ContactPicker value={contact} onChange={setContact} onAdd={setNewContactName} testId="new-ticket-contact" autoFocus />
          <TextField select label={t('tickets.newTicket.queue')} value={queueId} onChange={(e) => setQueueId(e.target.value)}
            error={Boolean(errors.queue)} helperText={errors.queue} required
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'new-ticket-queue' } } }}>
            {queues.map((q) => (
              <MenuItem key={q.id} value={q.id} data-testid="new-ticket-queue-option">{q.name}</MenuItem>
            ))}
          </TextField>
          <TextField select label={t('tickets.newTicket.connection')} value={whatsappId} onChange={(e) => setWhatsappId(e.target.value)}
            error={Boolean(errors.whatsapp)} helperText={errors.whatsapp} required
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'new-ticket-connection' } } }}>
            {connections.map((c) => (
              <MenuItem key={c.id} value={c.id} data-testid="new-ticket-connection-option">{c.name}</MenuItem>
            ))}
          </TextField>
          {errors.contact && <span role="alert" style={{ color: '#d32f2f', fontSize: 12 }} data-testid="new-ticket-contact-error">{errors.contact}</span>}
        </Stack>
      </FormDialog>
      <ContactModal
        open={newContactName !== null}
        initialValues={{ name: newContactName || '' }}
        onClose={() => setNewContactName(null)}
        onSaved={(saved) => saved?.id && setContact(saved)}
      />
    </>
  );
}

/** New ticket: contact search, queue and connection (all required). */
export default function NewTicketModal({ open, onClose }) {
  return open ? <NewTicketForm onClose={onClose} /> : null;
}
