import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/hooks/useAuth';
import { useQueueOptions } from '../hooks/useLookups';

/** Accepting a ticket without a queue: choose one first (preselected when the user has one). */
export default function AcceptQueueModal({ open, onClose, onConfirm }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const queues = useQueueOptions(user);
  const [queueId, setQueueId] = useState('');

  useEffect(() => {
    if (!open) return;
    setQueueId((user.queues || []).length === 1 ? user.queues[0].id : queues.length === 1 ? queues[0].id : '');
  }, [open, user.queues, queues]);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" data-testid="accept-queue-modal">
      <DialogTitle>{t('tickets.accept.title')}</DialogTitle>
      <DialogContent>
        <TextField select fullWidth sx={{ mt: 1 }} label={t('tickets.accept.queue')} value={queueId}
          onChange={(e) => setQueueId(e.target.value)}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'accept-queue-select' } } }}>
          {queues.map((q) => (
            <MenuItem key={q.id} value={q.id} data-testid="accept-queue-option">{q.name}</MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={queueId === ''} onClick={() => onConfirm(queueId)} data-testid="accept-queue-confirm">
          {t('tickets.accept.start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
