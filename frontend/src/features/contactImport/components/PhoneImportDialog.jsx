import { useState } from 'react';
import useSWR from 'swr';
import { useNavigate } from 'react-router';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControl, InputLabel, MenuItem, Select, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import toastError from '../../../utils/toastError';
import { importFromPhone } from '../api/contactImportApi';

/** Picks a WhatsApp (QR code) connection and imports its phone's contacts; the progress shows on /contacts/import. */
export default function PhoneImportDialog({ open, onClose }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useSWR(open ? '/whatsapp' : null);
  const connections = (Array.isArray(data) ? data : []).filter((c) => (c.channel || 'whatsapp') === 'whatsapp');
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const im = await importFromPhone(chosen === '' ? 0 : Number(chosen));
      onClose();
      navigate(`/contacts/import?id=${im.id}`);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('contactImport.phone.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>{t('contactImport.phone.hint')}</Typography>
        <FormControl fullWidth size="small">
          <InputLabel>{t('contactImport.phone.connection')}</InputLabel>
          <Select label={t('contactImport.phone.connection')} value={chosen} onChange={(e) => setChosen(e.target.value)}
            data-testid="contact-import-phone-connection">
            <MenuItem value=""><em>{t('contactImport.phone.default')}</em></MenuItem>
            {connections.map((c) => <MenuItem key={c.id} value={c.id}>{c.name}</MenuItem>)}
          </Select>
        </FormControl>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('contactImport.cancel')}</Button>
        <Button variant="contained" onClick={run} disabled={busy} data-testid="contact-import-phone-run">{t('contactImport.phone.run')}</Button>
      </DialogActions>
    </Dialog>
  );
}
