import { useEffect, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import useSWR from 'swr';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import ConfirmationDialog from '../../../components/ConfirmationDialog';
import useDebouncedValue from '../../../hooks/useDebouncedValue';
import useSocketEvent from '../../../hooks/useSocketEvent';
import { socket } from '../../../services/socket';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import { useAuth } from '../../auth/hooks/useAuth';
import { deleteMessage } from '../../messages/api/messagesApi';
import ForwardModal from '../../messages/components/ForwardModal';
import MessageInput from '../../messages/components/MessageInput';
import MessagesList from '../../messages/components/MessagesList';
import useMessages from '../../messages/hooks/useMessages';
import { LOAD_DEBOUNCE } from '../hooks/useTicketsList';
import { companyIdOf } from '../utils/permissions';
import ContactDrawer from './ContactDrawer';
import TicketHeader from './TicketHeader';

const WHATSAPP_CHANNELS = ['whatsapp', 'sandbox'];

/** The conversation of /tickets/{uuid}: header, messages, composer and contact drawer. */
export default function Ticket({ uuid }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const companyId = companyIdOf(user);
  // spec/1 §9: the conversation (ticket, then its messages) loads once the selection has been
  // quiet for 500 ms, so clicking through tickets does not fire a burst of loads.
  const settled = useDebouncedValue(uuid, LOAD_DEBOUNCE, { settleFirst: true }) === uuid;
  const { data: ticket, error, mutate } = useSWR(settled ? `/tickets/u/${uuid}` : null, { revalidateOnFocus: false });
  const messages = useMessages(ticket?.id, companyId);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [replyingTo, setReplyingTo] = useState(null);
  const [editing, setEditing] = useState(null);
  const [deleting, setDeleting] = useState(null);
  const [selecting, setSelecting] = useState(false);
  const [selectedIds, setSelectedIds] = useState(() => new Set());
  const [forwardOpen, setForwardOpen] = useState(false);

  useEffect(() => {
    if (!error) return;
    toastError(error);
    navigate('/tickets', { replace: true });
  }, [error, navigate]);

  useEffect(() => {
    if (!settled) return undefined;
    socket.joinChatBox(uuid);
    return () => socket.leaveChatBox(uuid);
  }, [settled, uuid]);

  useSocketEvent(companyId ? `company-${companyId}-ticket` : null, (data) => {
    if (!ticket) return;
    if (data?.action === 'update' && data.ticket?.id === ticket.id) {
      mutate((current) => ({ ...current, ...data.ticket }), { revalidate: false });
    }
    if (data?.action === 'delete' && Number(data.ticketId) === ticket.id) {
      toast.info(t('tickets.deleted'));
      navigate('/tickets', { replace: true });
    }
  });
  useSocketEvent(companyId ? `company-${companyId}-contact` : null, (data) => {
    if (data?.action === 'update' && ticket && data.contact?.id === ticket.contactId) {
      mutate((current) => ({ ...current, contact: { ...current.contact, ...data.contact } }), { revalidate: false });
    }
  });

  if (!ticket) {
    return (
      <Box sx={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <CircularProgress />
      </Box>
    );
  }

  const setTicket = (changes) => mutate((current) => ({ ...current, ...changes }), { revalidate: false });

  const toggleSelect = (message) =>
    setSelectedIds((current) => {
      const next = new Set(current);
      if (next.has(message.id)) next.delete(message.id);
      else next.add(message.id);
      return next;
    });

  const startForward = (message) => {
    setSelecting(true);
    setSelectedIds(new Set([message.id]));
  };

  const openForward = () => {
    if (!selectedIds.size) {
      toast.error(t('messages.forward.notMessage'));
      return;
    }
    setForwardOpen(true);
  };

  const stopSelecting = () => {
    setSelecting(false);
    setSelectedIds(new Set());
  };

  const confirmDelete = async () => {
    try {
      const removed = await deleteMessage(deleting.id);
      messages.upsert({ ...deleting, ...(removed || {}), isDeleted: true });
    } catch (err) {
      toastError(err);
    }
  };

  const channel = ticket.channel || ticket.whatsapp?.channel;
  const selectedMessages = messages.messages.filter((m) => selectedIds.has(m.id));

  return (
    <Box sx={{ display: 'flex', height: '100%', minHeight: 0, position: 'relative' }} data-testid="ticket-view" data-ticket-id={ticket.id} data-status={ticket.status}>
      <Paper square elevation={0} sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TicketHeader ticket={ticket} onChange={setTicket} onOpenContact={() => setDrawerOpen((v) => !v)} />
        {channel && !WHATSAPP_CHANNELS.includes(channel) && (
          <Alert severity="info" sx={{ borderRadius: 0 }} data-testid="channel-24h-banner">{t('tickets.banner24h')}</Alert>
        )}
        <MessagesList
          state={messages}
          ticket={ticket}
          userId={user.id}
          selecting={selecting}
          selectedIds={selectedIds}
          onToggleSelect={toggleSelect}
          onReply={(m) => { setEditing(null); setReplyingTo(m); }}
          onEdit={(m) => { setReplyingTo(null); setEditing(m); }}
          onDelete={setDeleting}
          onForward={startForward}
        />
        {selecting ? (
          <Stack direction="row" spacing={1} sx={{ p: 1.5, alignItems: 'center', borderTop: 1, borderColor: 'divider' }} data-testid="forward-bar">
            <Typography sx={{ flex: 1 }}>{t('messages.forward.selected', { count: selectedIds.size })}</Typography>
            <Button onClick={stopSelecting} data-testid="forward-cancel">{t('common.cancel')}</Button>
            <Button variant="contained" onClick={openForward} data-testid="forward-open">{t('messages.forward.button')}</Button>
          </Stack>
        ) : (
          <MessageInput
            ticket={ticket}
            replyingTo={replyingTo}
            onCancelReply={() => setReplyingTo(null)}
            editing={editing}
            onCancelEdit={() => setEditing(null)}
            onSent={messages.upsert}
          />
        )}
      </Paper>
      <ContactDrawer open={drawerOpen} ticket={ticket} onClose={() => setDrawerOpen(false)} onTicketChange={setTicket} />
      <ConfirmationDialog
        open={Boolean(deleting)}
        title={t('messages.deleteTitle')}
        confirmLabel={t('common.delete')}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
        testId="message-delete-dialog"
      >
        {t('messages.deleteMessage')}
      </ConfirmationDialog>
      <ForwardModal open={forwardOpen} messages={selectedMessages} onClose={() => setForwardOpen(false)}
        onDone={() => { setForwardOpen(false); stopSelecting(); }} />
    </Box>
  );
}
