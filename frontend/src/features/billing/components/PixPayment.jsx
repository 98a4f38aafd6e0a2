import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useTranslation } from 'react-i18next';
import QrImage from '../../connections/components/QrImage';
import useCompanyEvent from '../../../hooks/useCompanyEvent';
import { toast } from '../../../services/toast';
import { formatDate } from '../../../utils/dueDate';
import { getMe } from '../../auth/api/authApi';
import { getInvoice } from '../api/billingApi';
import { formatMoney, isPaid, PAID_REDIRECT_MS } from '../api/pricing';

/** While the socket may be closed (an expired company's), the invoice is also read this often. */
export const PAYMENT_POLL_MS = 5000;

/**
 * The Pix screen: the "copia e cola" code as a QR and as text with a copy button. The payment
 * event (action CONCLUIDA) for this invoice, or the invoice read paid, shows the licence
 * renewed with the new due date, and onDone(dueDate) follows after 4 s.
 */
export default function PixPayment({ charge, onDone }) {
  const { t } = useTranslation();
  const [paidDue, setPaidDue] = useState(null);
  const code = charge.qrcode?.qrcode || '';
  const invoiceId = charge.invoiceId ?? charge.invoice?.id;
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });

  useCompanyEvent('payment', (data) => {
    if (data?.action === 'CONCLUIDA' && data.invoice?.id === invoiceId) setPaidDue(data.company?.dueDate || '');
  });

  useEffect(() => {
    if (paidDue !== null) return undefined;
    const timer = setInterval(async () => {
      try {
        if (!isPaid(await getInvoice(invoiceId))) return;
        const me = await getMe().catch(() => null);
        setPaidDue((current) => current ?? (me?.company?.dueDate || ''));
      } catch {
        // The next look, or the event, tells.
      }
    }, PAYMENT_POLL_MS);
    return () => clearInterval(timer);
  }, [invoiceId, paidDue]);

  useEffect(() => {
    if (paidDue === null) return undefined;
    toast.success(paidDue ? t('billing.pix.renewed', { date: formatDate(paidDue) }) : t('billing.pix.paidTitle'));
    const timer = setTimeout(() => done.current?.(paidDue), PAID_REDIRECT_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once when paid
  }, [paidDue]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      toast.success(t('billing.pix.copied'));
    } catch {
      toast.error(t('billing.pix.copyFailed'));
    }
  };

  if (paidDue !== null) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'center', py: 3 }} data-testid="pix-paid">
        <CheckCircleIcon color="success" sx={{ fontSize: 64 }} />
        <Typography variant="h6">{t('billing.pix.paidTitle')}</Typography>
        {paidDue && <Typography>{t('billing.pix.renewed', { date: formatDate(paidDue) })}</Typography>}
        <Typography variant="body2" color="text.secondary">{t('billing.pix.redirecting')}</Typography>
      </Stack>
    );
  }
  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }} data-testid="pix-payment">
      <Typography variant="h6">{t('billing.pix.title')}</Typography>
      <Typography data-testid="pix-amount">{t('billing.pix.amount', { value: formatMoney(charge.valor?.original) })}</Typography>
      <Box data-testid="pix-qrcode"><QrImage value={code} size={240} label={t('billing.pix.qrLabel')} /></Box>
      <TextField
        fullWidth
        multiline
        label={t('billing.pix.code')}
        value={code}
        slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': 'pix-code' } }}
      />
      <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={copy} data-testid="pix-copy">{t('billing.pix.copy')}</Button>
      <Alert severity="info" icon={<CircularProgress size={18} />} sx={{ width: '100%' }}>{t('billing.pix.waiting')}</Alert>
    </Stack>
  );
}
