import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import ContactPicker from '../../tickets/components/ContactPicker';

/** Chooses a contact to send as a contact card. */
export default function SendContactModal({ open, onClose, onSend }) {
  const { t } = useTranslation();
  const [contact, setContact] = useState(null);
  const close = () => {
    setContact(null);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" data-testid="send-contact-modal">
      <DialogTitle>{t('messageInput.sendContact.title')}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <ContactPicker value={contact} onChange={setContact} testId="send-contact-picker" autoFocus />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={!contact} data-testid="send-contact-confirm"
          onClick={() => { onSend(contact); close(); }}>
          {t('messageInput.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
