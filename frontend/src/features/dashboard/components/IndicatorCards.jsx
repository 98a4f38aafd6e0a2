import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatMinutes } from '../api/dashboardApi';
import StatCard from './StatCard';

export const cardGrid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } };

/** The indicators tab: tickets by status, attendants online, contacts, messages, times, active/passive. */
export default function IndicatorCards({ counters: c }) {
  const { t } = useTranslation();
  const cards = [
    ['supportHappening', c.supportHappening],
    ['supportPending', c.supportPending],
    ['supportFinished', c.supportFinished],
    ['supportGroups', c.supportGroups],
    ['attendants', `${c.onlineUsers}/${c.totalUsers}`],
    ['leads', c.leads],
    ['receivedMessages', c.receivedMessages],
    ['sentMessages', c.sentMessages],
    ['avgSupportTime', formatMinutes(c.avgSupportTime)],
    ['avgWaitTime', formatMinutes(c.avgWaitTime)],
    ['activeTickets', c.activeTickets],
    ['passiveTickets', c.passiveTickets],
  ];
  return (
    <Box sx={cardGrid}>
      {cards.map(([key, value]) => <StatCard key={key} label={t(`dashboard.cards.${key}`)} value={value} testId={`dash-${key}`} />)}
    </Box>
  );
}
