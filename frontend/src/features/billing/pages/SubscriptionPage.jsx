import { Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { daysUntilDue } from '../../../utils/dueDate';
import { useAuth } from '../../auth/hooks/useAuth';

/** The licence text: "hoje" on the due day, otherwise N days (0 when overdue). */
export function licenceText(t, dueDate, now = new Date(), timeZone = undefined) {
  const days = daysUntilDue(dueDate, now, timeZone);
  if (days === null) return t('billing.subscription.noExpiry');
  if (days <= 0) return t('billing.subscription.today');
  return t('billing.subscription.days', { count: days });
}

/** /subscription ("Assinatura"): the licence period, the billing e-mail and "Assine Agora!". */
export default function SubscriptionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const company = user?.company;
  return (
    <Box sx={{ p: 2 }} data-testid="subscription-page">
      <Typography variant="h5" sx={{ mb: 2 }}>{t('billing.subscription.title')}</Typography>
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 560 }}>
        <Stack spacing={2}>
          <TextField
            label={t('billing.subscription.period')}
            value={licenceText(t, company?.dueDate, new Date(), company?.timezone)}
            slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': 'subscription-period' } }}
          />
          <TextField
            label={t('billing.subscription.email')}
            value={company?.email || user?.email || ''}
            slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': 'subscription-email' } }}
          />
          <Button variant="contained" onClick={() => navigate('/financeiro')} data-testid="subscription-subscribe">
            {t('billing.subscription.subscribe')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
