import { useEffect, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import toastError from '../../../utils/toastError';
import { requestPairingCode } from '../api/connectionsApi';
import { formatPairingCode, phoneDigits, validPairingNumber } from '../api/pairingCode';

/**
 * Pairing by phone number instead of the QR code: the number goes to the session, whose
 * 8-character code arrives on the whatsappSession event (connection.pairingCode) and is
 * shown large to type on the phone.
 */
export default function PairingPanel({ connection, onUseQr }) {
  const { t } = useTranslation();
  const [number, setNumber] = useState('');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [asked, setAsked] = useState(false);
  const [failed, setFailed] = useState(false);
  const [armed, setArmed] = useState(false);
  const digits = phoneDigits(number);
  const invalid = touched && !validPairingNumber(digits);
  const code = connection?.pairingCode;
  const refusal = connection?.pairingError;
  const pairing = connection?.status === 'PAIRING';

  // A refusal counts once the previous one was cleared (the request's OPENING event), and
  // comes on one event only (later QR refreshes carry none): keep saying it until the next
  // request.
  useEffect(() => {
    if (!asked) return;
    if (!refusal) setArmed(true);
    else if (armed) {
      setFailed(true);
      setAsked(false);
    }
  }, [asked, refusal, armed]);

  const request = async (event) => {
    event.preventDefault();
    setTouched(true);
    if (!validPairingNumber(digits)) return;
    setSending(true);
    setFailed(false);
    setArmed(false);
    try {
      await requestPairingCode(connection.id, digits);
      setAsked(true);
    } catch (error) {
      toastError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 420 }} data-testid="pairing-panel">
      <Box component="ol" sx={{ m: 0, pl: 2.5, '& li': { mb: 1 } }}>
        {['phoneStep1', 'phoneStep2', 'phoneStep3'].map((step) => (
          <li key={step}><Typography variant="body2">{t(`connections.pairing.${step}`)}</Typography></li>
        ))}
      </Box>
      <Stack component="form" direction="row" spacing={1} onSubmit={request} sx={{ alignItems: 'flex-start' }}>
        <TextField
          size="small" fullWidth value={number} onChange={(e) => setNumber(e.target.value)} onBlur={() => setTouched(true)}
          label={t('connections.pairing.number')} error={invalid}
          helperText={invalid ? t('connections.pairing.invalidNumber') : t('connections.pairing.numberHelp')}
          slotProps={{ htmlInput: { inputMode: 'tel', 'data-testid': 'pairing-number' } }}
        />
        <Button type="submit" variant="contained" disabled={sending} data-testid="pairing-request" sx={{ whiteSpace: 'nowrap' }}>
          {t('connections.pairing.request')}
        </Button>
      </Stack>
      {code && (
        <Box sx={{ textAlign: 'center', py: 2, bgcolor: 'action.hover', borderRadius: 1 }}>
          <Typography variant="caption" color="text.secondary">{t('connections.pairing.codeLabel')}</Typography>
          <Typography
            variant="h3" data-testid="pairing-code"
            sx={{ fontFamily: 'monospace', fontWeight: 700, letterSpacing: '0.15em', userSelect: 'all' }}
          >
            {formatPairingCode(code)}
          </Typography>
        </Box>
      )}
      {((asked && !code) || pairing) && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }} data-testid="pairing-waiting">
          <CircularProgress size={18} />
          <Typography variant="body2">{t(pairing ? 'connections.qr.pairing' : 'connections.pairing.waiting')}</Typography>
        </Stack>
      )}
      {failed && !code && <Alert severity="error" data-testid="pairing-error">{t('connections.pairing.failed')}</Alert>}
      <Box>
        <Button size="small" onClick={onUseQr} data-testid="pairing-use-qr">{t('connections.pairing.useQr')}</Button>
      </Box>
    </Stack>
  );
}
