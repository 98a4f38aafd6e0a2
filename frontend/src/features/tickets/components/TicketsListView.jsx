import { Alert, Box, LinearProgress, List, Typography } from '@mui/material';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import useBotConnections from '../hooks/useBotConnections';
import { botStage } from '../utils/botState';
import TicketListItem from './TicketListItem';

export const LIST_SCROLL_THRESHOLD = 100;

/**
 * Renders one list state; the next page loads within 100 px of the bottom. hiddenNoQueueKey:
 * the text telling how many queue-less tickets the viewer's permissions keep out of the tab.
 */
export default function TicketsListView({ list, showUser, hidden, testId, hiddenNoQueueKey = 'tickets.list.hiddenNoQueue' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { ticketId } = useParams();
  const botConnections = useBotConnections();

  const onScroll = (event) => {
    const { scrollTop, scrollHeight, clientHeight } = event.currentTarget;
    if (scrollHeight - (scrollTop + clientHeight) < LIST_SCROLL_THRESHOLD) list.loadMore();
  };

  return (
    <Box
      sx={{ flex: 1, minHeight: 0, overflowY: 'auto', display: hidden ? 'none' : 'block' }}
      onScroll={onScroll}
      data-testid={testId}
      data-count={list.count}
    >
      {list.hiddenNoQueue > 0 && (
        <Alert severity="info" sx={{ m: 1 }} data-testid="tickets-hidden-no-queue" data-count={list.hiddenNoQueue}>
          {t(hiddenNoQueueKey, { count: list.hiddenNoQueue })}
        </Alert>
      )}
      <List disablePadding>
        {list.tickets.map((ticket) => (
          <TicketListItem
            key={ticket.id}
            ticket={ticket}
            selected={ticket.uuid === ticketId}
            showUser={showUser}
            botStage={botStage(ticket, botConnections)}
            onSelect={(item) => navigate(`/tickets/${item.uuid}`)}
          />
        ))}
      </List>
      {list.loading && <LinearProgress />}
      {!list.loading && list.tickets.length === 0 && (
        <Box sx={{ p: 3, textAlign: 'center' }} data-testid="tickets-empty">
          <Typography variant="subtitle1">{t('tickets.list.emptyTitle')}</Typography>
          <Typography variant="body2" color="text.secondary">{t('tickets.list.emptyText')}</Typography>
        </Box>
      )}
    </Box>
  );
}
