import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAllQueues, useCompanyUsers } from '../hooks/useLookups';

/** Transfer body: queue required, optional user (open for them) or back to pending, optional message. */
export function transferBody({ queueId, userId, message }) {
  const user = userId === '' || userId == null ? null : userId;
  return { queueId, userId: user, status: user ? 'open' : 'pending', isTransfered: true, msgTransfer: message || '' };
}

export default function TransferTicketModal({ open, ticket, onClose, onTransfer }) {
  const { t } = useTranslation();
  const queues = useAllQueues(open);
  const users = useCompanyUsers(open);
  const [queueId, setQueueId] = useState('');
  const [userId, setUserId] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');

  useEffect(() => {
    if (!open) return;
    setQueueId(ticket?.queueId ?? '');
    setUserId('');
    setMessage('');
    setError('');
  }, [open, ticket?.queueId]);

  const queueUsers = users.filter((u) => !queueId || !u.queues || u.queues.length === 0 || u.queues.some((q) => q.id === queueId));

  const submit = () => {
    if (queueId === '') {
      setError(t('tickets.newTicket.queueRequired'));
      return;
    }
    onTransfer(transferBody({ queueId, userId, message }));
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" data-testid="transfer-modal">
      <DialogTitle>{t('tickets.transfer.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField select label={t('tickets.transfer.queue')} value={queueId} required error={Boolean(error)} helperText={error}
            onChange={(e) => { setQueueId(e.target.value); setError(''); }}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'transfer-queue' } } }}>
            {queues.map((q) => <MenuItem key={q.id} value={q.id} data-testid="transfer-queue-option">{q.name}</MenuItem>)}
          </TextField>
          <TextField select label={t('tickets.transfer.user')} value={userId} onChange={(e) => setUserId(e.target.value)}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'transfer-user' } } }}>
            <MenuItem value="">{t('tickets.transfer.noUser')}</MenuItem>
            {queueUsers.map((u) => <MenuItem key={u.id} value={u.id} data-testid="transfer-user-option">{u.name}</MenuItem>)}
          </TextField>
          <TextField label={t('tickets.transfer.message')} value={message} onChange={(e) => setMessage(e.target.value)} multiline maxRows={4}
            helperText={t('tickets.transfer.messageHint')}
            slotProps={{ htmlInput: { 'data-testid': 'transfer-message' }, formHelperText: { 'data-testid': 'transfer-message-hint' } }} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={submit} data-testid="transfer-confirm">{t('tickets.transfer.confirm')}</Button>
      </DialogActions>
    </Dialog>
  );
}
