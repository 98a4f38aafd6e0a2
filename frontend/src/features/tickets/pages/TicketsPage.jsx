import { useEffect, useRef, useState } from 'react';
import { Box, Tab, Tabs, useMediaQuery } from '@mui/material';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import WelcomeCard from '../../../components/WelcomeCard';
import toastError from '../../../utils/toastError';
import { useAuth } from '../../auth/hooks/useAuth';
import SimulateDock from '../../sandbox/components/SimulateDock';
import { MAX_TICKETS_WIDTH, MIN_TICKETS_WIDTH, changeTicketsManagerWidth } from '../../users/api/usersApi';
import TicketsManager from '../components/TicketsManager';
import Ticket from '../components/Ticket';
import { InboxProvider } from '../hooks/useInbox';

export const DEFAULT_TICKETS_WIDTH = 550;

export const clampWidth = (width) => Math.min(MAX_TICKETS_WIDTH, Math.max(MIN_TICKETS_WIDTH, Math.round(width)));

/** Drag handle between the list and the conversation; the width is saved on release. */
function useResizableWidth() {
  const { user, setUser } = useAuth();
  const [width, setWidth] = useState(() => clampWidth(user.defaultTicketsManagerWidth || DEFAULT_TICKETS_WIDTH));
  const drag = useRef(null);

  const onPointerDown = (event) => {
    event.preventDefault();
    drag.current = { startX: event.clientX, startWidth: width, width };
    const onMove = (e) => {
      const next = clampWidth(drag.current.startWidth + e.clientX - drag.current.startX);
      drag.current.width = next;
      setWidth(next);
    };
    const onUp = () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      const final = drag.current.width;
      drag.current = null;
      if (final === user.defaultTicketsManagerWidth) return;
      changeTicketsManagerWidth(user.id, final)
        .then(() => setUser((current) => current && { ...current, defaultTicketsManagerWidth: final }))
        .catch(toastError);
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
  };

  return { width, onPointerDown };
}

function WideLayout({ ticketId }) {
  const { width, onPointerDown } = useResizableWidth();
  return (
    <Box sx={{ display: 'flex', height: '100%', minHeight: 0 }} data-testid="tickets-page">
      <Box sx={{ width, flexShrink: 0, height: '100%', minHeight: 0 }} data-testid="tickets-panel" data-width={width}>
        <TicketsManager />
      </Box>
      <Box
        onPointerDown={onPointerDown}
        data-testid="tickets-resizer"
        role="separator"
        aria-orientation="vertical"
        sx={{ width: 6, cursor: 'col-resize', flexShrink: 0, bgcolor: 'divider', '&:hover': { bgcolor: 'primary.light' } }}
      />
      <Box sx={{ flex: 1, minWidth: 0, height: '100%', minHeight: 0 }}>
        {ticketId ? <Ticket key={ticketId} uuid={ticketId} /> : <WelcomeCard />}
      </Box>
      <SimulateDock />
    </Box>
  );
}

function NarrowLayout({ ticketId }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState(ticketId ? 'ticket' : 'list');
  useEffect(() => {
    setTab(ticketId ? 'ticket' : 'list');
  }, [ticketId]);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }} data-testid="tickets-page">
      <Tabs value={tab} onChange={(_, value) => setTab(value)} variant="fullWidth">
        <Tab value="ticket" label={t('tickets.mobile.ticket')} data-testid="tickets-mobile-ticket" />
        <Tab value="list" label={t('tickets.mobile.list')} data-testid="tickets-mobile-list" />
      </Tabs>
      <Box sx={{ flex: 1, minHeight: 0, display: tab === 'list' ? 'block' : 'none' }}>
        <TicketsManager />
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, display: tab === 'ticket' ? 'block' : 'none' }}>
        {ticketId ? <Ticket key={ticketId} uuid={ticketId} /> : <WelcomeCard />}
      </Box>
    </Box>
  );
}

/** /tickets and /tickets/{uuid}: list left (draggable width), conversation right. */
export default function TicketsPage() {
  const { ticketId } = useParams();
  const narrow = useMediaQuery((theme) => theme.breakpoints.down('md'), { noSsr: true });
  if (ticketId === 'undefined') return <Navigate to="/tickets" replace />;
  return <InboxProvider>{narrow ? <NarrowLayout ticketId={ticketId} /> : <WideLayout ticketId={ticketId} />}</InboxProvider>;
}
