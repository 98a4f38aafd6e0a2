import { useState } from 'react';
import useSWR from 'swr';
import { Box, Button, IconButton, List, ListItem, ListItemText, Stack, TextField } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { useTranslation } from 'react-i18next';
import ConfirmationDialog from '../../../components/ConfirmationDialog';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import { addTicketNote, deleteTicketNote } from '../api/ticketsApi';
import { asList, formatDateTime } from '../utils/format';

export const NOTE_MIN = 2;
export const NOTES_MAX_HEIGHT = 200;

/** A note is required and at least 2 characters long. */
export function noteError(note) {
  const text = String(note || '').trim();
  if (!text) return 'tickets.notes.required';
  if (text.length < NOTE_MIN) return 'tickets.notes.tooShort';
  return null;
}

/** Notes kept on a ticket (GET /ticket-notes/list, POST /ticket-notes, DELETE /ticket-notes/{id}). */
export default function TicketNotes({ ticket }) {
  const { t } = useTranslation();
  const key = ['/ticket-notes/list', { ticketId: ticket.id, contactId: ticket.contactId }];
  const { data, mutate } = useSWR(key, { revalidateOnFocus: false });
  const notes = asList(data, 'notes');
  const [note, setNote] = useState('');
  const [error, setError] = useState(null);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(null);

  const save = async () => {
    const found = noteError(note);
    setError(found);
    if (found) return;
    setSaving(true);
    try {
      await addTicketNote({ note: note.trim(), ticketId: ticket.id, contactId: ticket.contactId });
      setNote('');
      toast.success(t('tickets.notes.added'));
      mutate();
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    try {
      await deleteTicketNote(deleting.id);
      toast.success(t('tickets.notes.deleted'));
      mutate();
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Box data-testid="ticket-notes">
      <TextField fullWidth multiline minRows={2} maxRows={5} size="small" label={t('tickets.notes.label')} value={note}
        onChange={(e) => { setNote(e.target.value); setError(null); }} error={Boolean(error)} helperText={error ? t(error) : undefined}
        slotProps={{ htmlInput: { 'data-testid': 'note-text' } }} />
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 1 }}>
        <Button size="small" variant="contained" onClick={save} disabled={saving} data-testid="note-save">{t('common.save')}</Button>
      </Stack>
      <List dense sx={{ maxHeight: NOTES_MAX_HEIGHT, overflowY: 'auto' }} data-testid="notes-list">
        {notes.map((n) => (
          <ListItem key={n.id} divider data-testid="note-item"
            secondaryAction={
              <IconButton edge="end" size="small" onClick={() => setDeleting(n)} data-testid="note-delete" aria-label={t('common.delete')}>
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            }>
            <ListItemText primary={n.note} secondary={[n.user?.name, formatDateTime(n.createdAt)].filter(Boolean).join(' · ')}
              slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap', wordBreak: 'break-word' } } }} />
          </ListItem>
        ))}
      </List>
      <ConfirmationDialog open={Boolean(deleting)} title={t('tickets.notes.deleteTitle')} confirmLabel={t('common.delete')}
        onConfirm={remove} onClose={() => setDeleting(null)} testId="note-delete-dialog">
        {t('tickets.notes.deleteMessage')}
      </ConfirmationDialog>
    </Box>
  );
}
