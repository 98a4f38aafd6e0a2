import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import useLocalStorage from '../../../hooks/useLocalStorage';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import ContactPicker from '../../tickets/components/ContactPicker';
import { forwardMessage } from '../api/messagesApi';
import { FORWARD_DELAY_MS, SIGN_MESSAGE_KEY } from '../utils/messageRules';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends each selected message to the chosen contact, 900 ms apart. */
export async function forwardAll(messages, contactId, signMessage, send = forwardMessage, wait = sleep) {
  for (let i = 0; i < messages.length; i += 1) {
    if (i > 0) await wait(FORWARD_DELAY_MS);
    await send(messages[i].id, contactId, signMessage);
  }
}

export default function ForwardModal({ open, messages, onClose, onDone }) {
  const { t } = useTranslation();
  const [contact, setContact] = useState(null);
  const [sending, setSending] = useState(false);
  const [sign] = useLocalStorage(SIGN_MESSAGE_KEY, true);

  const submit = async () => {
    if (!messages.length) {
      toast.error(t('messages.forward.notMessage'));
      return;
    }
    setSending(true);
    try {
      const ordered = [...messages].sort((a, b) => new Date(a.createdAt) - new Date(b.createdAt));
      await forwardAll(ordered, contact.id, Boolean(sign));
      toast.success(t('messages.forward.done'));
      setContact(null);
      onDone();
    } catch (error) {
      toastError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" data-testid="forward-modal">
      <DialogTitle>{t('messages.forward.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">{t('messages.forward.selected', { count: messages.length })}</Typography>
          <ContactPicker value={contact} onChange={setContact} testId="forward-contact" autoFocus />
          {sending && <LinearProgress />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={!contact || sending} onClick={submit} data-testid="forward-send">
          {t('messages.forward.button')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
