import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../utils/dueDate';
import SupportButton from '../components/SupportButton';
import { useAuth } from '../hooks/useAuth';
import { isAdmin } from '../../../utils/permissions';
import InvoicesPage from '../../billing/pages/InvoicesPage';

/**
 * /financeiro-aberto: the company's subscription is over. A signed-in admin pays here: the
 * invoices and their checkout stay reachable (the server lets billing through).
 */
export default function SubscriptionExpiredPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const { user, handleLogout } = useAuth();
  const dueDate = location.state?.dueDate || user?.company?.dueDate;

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', p: 2, gap: 2 }}>
      <Paper sx={{ p: 4, maxWidth: 520, textAlign: 'center' }} data-testid="subscription-expired">
        <EventBusyIcon color="error" sx={{ fontSize: 64, mb: 1 }} />
        <Typography variant="h5" gutterBottom>{t('subscriptionExpired.title')}</Typography>
        <Typography sx={{ mb: 2 }}>{t('subscriptionExpired.message')}</Typography>
        {dueDate && (
          <Typography color="error" sx={{ mb: 3 }} data-testid="expired-due-date">
            {t('subscriptionExpired.dueDate', { date: formatDate(dueDate) })}
          </Typography>
        )}
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
          <SupportButton variant="outlined" />
          <Button variant="contained" onClick={handleLogout} data-testid="expired-logout">{t('common.logout')}</Button>
        </Stack>
      </Paper>
      {isAdmin(user) && (
        <Box sx={{ width: '100%', maxWidth: 1000, height: 480 }}>
          <InvoicesPage expired />
        </Box>
      )}
    </Box>
  );
}
