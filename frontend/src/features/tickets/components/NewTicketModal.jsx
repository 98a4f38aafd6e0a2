import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import toastError from '../../../utils/toastError';
import { useAuth } from '../../auth/hooks/useAuth';
import { createTicket } from '../api/ticketsApi';
import { useInbox } from '../hooks/useInbox';
import { useConnections, useQueueOptions } from '../hooks/useLookups';
import ContactModal from './ContactModal';
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
  const [saving, setSaving] = useState(false);
  const [newContactName, setNewContactName] = useState(null);

  useEffect(() => {
    if (queues.length === 1 && queueId === '') setQueueId(queues[0].id);
  }, [queues, queueId]);

  useEffect(() => {
    if (whatsappId !== '' || !connections.length) return;
    const preferred = connections.find((c) => c.id === user.whatsappId) || connections.find((c) => c.isDefault) || connections[0];
    setWhatsappId(preferred.id);
  }, [connections, whatsappId, user.whatsappId]);

  const submit = async (event) => {
    event.preventDefault();
    const found = {};
    if (!contact) found.contact = t('tickets.newTicket.contactRequired');
    if (queueId === '') found.queue = t('tickets.newTicket.queueRequired');
    if (whatsappId === '') found.whatsapp = t('tickets.newTicket.connectionRequired');
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const ticket = await createTicket({ contactId: contact.id, queueId, whatsappId, userId: user.id, status: 'open' });
      inbox?.setTab('open');
      onClose();
      navigate(`/tickets/${ticket.uuid}`);
    } catch (error) {
      setSaving(false);
      if (inbox?.handleConflict(error)) {
        onClose();
        return;
      }
      toastError(error);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="new-ticket-form">
      <DialogTitle>{t('tickets.newTicket.title')}</DialogTitle>
      <DialogContent>
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
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={saving} data-testid="new-ticket-save">{t('tickets.newTicket.save')}</Button>
      </DialogActions>
      <ContactModal
        open={newContactName !== null}
        initialName={newContactName || ''}
        onClose={() => setNewContactName(null)}
        onSaved={(saved) => saved?.id && setContact(saved)}
      />
    </form>
  );
}

/** New ticket: contact search, queue and connection (both required). */
export default function NewTicketModal({ open, onClose }) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" data-testid="new-ticket-modal">
      {open && <NewTicketForm onClose={onClose} />}
    </Dialog>
  );
}
