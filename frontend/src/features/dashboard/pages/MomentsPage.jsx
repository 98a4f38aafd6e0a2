import { useEffect, useRef } from 'react';
import useSWR from 'swr';
import { Link as RouterLink } from 'react-router';
import {
  Alert, Avatar, Badge, Box, Card, CardContent, CardHeader, Chip, LinearProgress, List, ListItemAvatar, ListItemButton, ListItemText, Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import useCompanyEvent from '../../../hooks/useCompanyEvent';
import { MOMENTS_PATH, cut, momentCards } from '../api/dashboardApi';

/** Refetches at most once per REFRESH_MS while ticket events arrive (a burst of messages). */
export const REFRESH_MS = 500;

function TicketLine({ ticket }) {
  const { t } = useTranslation();
  return (
    <ListItemButton component={RouterLink} to={`/tickets/${ticket.uuid}`} dense data-testid="moment-ticket" title={t('moments.open')}>
      <ListItemAvatar>
        <Badge color="success" badgeContent={ticket.unreadMessages} invisible={!ticket.unreadMessages}>
          <Avatar src={ticket.contactPicture || undefined} alt={ticket.contactName} />
        </Badge>
      </ListItemAvatar>
      <ListItemText
        primary={cut(ticket.contactName, 30, 25)}
        secondary={cut(ticket.lastMessage, 30, 27)}
        slotProps={{ secondary: { noWrap: true } }}
      />
      <Chip
        size="small" label={ticket.queueName || t('moments.noQueue')}
        sx={{ ml: 1, bgcolor: ticket.queueColor || undefined, color: ticket.queueColor ? '#fff' : undefined }}
      />
    </ListItemButton>
  );
}

function MomentCard({ card }) {
  const { t } = useTranslation();
  const title = card.user ? cut(card.user.name, 30, 25) : t('moments.pending');
  return (
    <Card variant="outlined" data-testid={card.user ? 'moment-card' : 'moment-pending'}>
      <CardHeader
        avatar={card.user && <Badge variant="dot" color={card.user.online ? 'success' : 'default'} overlap="circular"><Avatar>{card.user.name[0]}</Avatar></Badge>}
        title={title} subheader={t('moments.count', { count: card.tickets.length })}
      />
      <CardContent sx={{ pt: 0, maxHeight: 420, overflowY: 'auto' }}>
        {card.tickets.length === 0
          ? <Typography color="text.secondary">{t('moments.empty')}</Typography>
          : <List disablePadding>{card.tickets.map((tk) => <TicketLine key={tk.id} ticket={tk} />)}</List>}
      </CardContent>
    </Card>
  );
}

/** /moments: one card per attendant with their open tickets and a Pendentes card, kept live by ticket events. */
export default function MomentsPage() {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useSWR(MOMENTS_PATH);
  const timer = useRef(null);
  const refresh = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      mutate();
    }, REFRESH_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  useCompanyEvent('ticket', refresh);
  useCompanyEvent('user', refresh);

  return (
    <Box sx={{ p: 2 }} data-testid="moments">
      <Typography variant="h6">{t('moments.title')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{t('moments.window')}</Typography>
      {error && <Alert severity="error">{t('moments.loadError')}</Alert>}
      {isLoading && <LinearProgress />}
      {data && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
          {momentCards(data).map((card) => <MomentCard key={card.key} card={card} />)}
        </Box>
      )}
    </Box>
  );
}
