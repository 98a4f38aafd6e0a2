import { useEffect, useState } from 'react';
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import toastError from '../../../utils/toastError';
import { newQrCode } from '../api/connectionsApi';
import PairingPanel from './PairingPanel';
import QrImage from './QrImage';

/**
 * The QR code of a connection's WhatsApp session, or pairing by phone number instead. The
 * connection comes from the live list, so a new QR or pairing code (whatsappSession events)
 * replaces the old one; it closes itself once connected.
 */
export default function QrCodeModal({ connection, onClose }) {
  const { t } = useTranslation();
  const open = Boolean(connection);
  const status = connection?.status;
  const qrcode = connection?.qrcode;
  // null: follow the session (a pairing code on screen means pairing by phone).
  const [mode, setMode] = useState(null);
  const showPhone = mode === 'phone' || (mode === null && Boolean(connection?.pairingCode));

  useEffect(() => {
    if (open && status === 'CONNECTED') onClose();
  }, [open, status, onClose]);
  useEffect(() => {
    if (!open) setMode(null);
  }, [open]);

  const requestNew = async () => {
    try {
      await newQrCode(connection.id);
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" data-testid="qrcode-modal" data-status={status}>
      <DialogTitle>{t('connections.qr.title', { name: connection?.name || '' })}</DialogTitle>
      <DialogContent dividers>
        {showPhone ? (
          <PairingPanel connection={connection} onUseQr={() => setMode('qr')} />
        ) : (
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={4} sx={{ alignItems: 'center' }}>
            <Box component="ol" sx={{ m: 0, pl: 2.5, maxWidth: 340, '& li': { mb: 1 } }}>
              {['step1', 'step2', 'step3', 'step4'].map((step) => (
                <li key={step}><Typography variant="body2">{t(`connections.qr.${step}`)}</Typography></li>
              ))}
            </Box>
            <Box sx={{ width: 264, minHeight: 264, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: '#fff', borderRadius: 1 }}>
              {qrcode && status === 'qrcode' ? (
                <QrImage value={qrcode} size={256} label={t('connections.qr.alt')} />
              ) : (
                <Stack spacing={2} sx={{ alignItems: 'center', color: 'text.secondary', p: 2 }} data-testid="qrcode-waiting">
                  <CircularProgress />
                  <Typography variant="body2" align="center" color="text.secondary">
                    {status === 'PAIRING' ? t('connections.qr.pairing') : t('connections.qr.waiting')}
                  </Typography>
                </Stack>
              )}
            </Box>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {!showPhone && (
          <Button onClick={() => setMode('phone')} data-testid="pairing-open" sx={{ mr: 'auto' }}>
            {t('connections.pairing.open')}
          </Button>
        )}
        <Button onClick={requestNew} data-testid="qrcode-new">{t('connections.session.newQr')}</Button>
        <Button onClick={onClose} variant="contained" data-testid="qrcode-close">{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
