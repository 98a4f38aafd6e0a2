import { useState } from 'react';
import {
  Avatar, Box, Button, ButtonGroup, CircularProgress, Divider, IconButton, ListItemIcon, Menu, MenuItem, Stack, Tooltip, Typography,
} from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import HistoryIcon from '@mui/icons-material/History';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import CheckIcon from '@mui/icons-material/Check';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import DoneIcon from '@mui/icons-material/Done';
import NotInterestedIcon from '@mui/icons-material/NotInterested';
import UndoIcon from '@mui/icons-material/Undo';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import ReplayIcon from '@mui/icons-material/Replay';
import { useNavigate } from 'react-router';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import ConfirmationDialog from '../../../components/ConfirmationDialog';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import { isAdmin } from '../../../utils/permissions';
import { useAuth } from '../../auth/hooks/useAuth';
import { deleteTicket } from '../api/ticketsApi';
import useElementWidth from '../hooks/useElementWidth';
import { useInbox, useTicketUpdate } from '../hooks/useInbox';
import { canIgnore } from '../utils/permissions';
import { exportTicketPdf } from '../utils/exportPdf';
import { asList } from '../utils/format';
import useBotConnections from '../hooks/useBotConnections';
import { botStage } from '../utils/botState';
import AcceptQueueModal from './AcceptQueueModal';
import BotChip from './BotChip';
import RatingEmoji from './RatingEmoji';
import TicketLogModal from './TicketLogModal';
import TicketTags from './TicketTags';
import TransferTicketModal from './TransferTicketModal';

/** Status a ticket takes when someone takes it: group chats on whatsapp stay in 'group'. */
export const takenStatus = (ticket) => (ticket.isGroup ? 'group' : 'open');

export const COMPACT_HEADER_WIDTH = 620;

/** A header action: a labelled button, or an icon with a tooltip when the header is narrow. */
function Action({ compact, icon, label, variant = 'outlined', color = 'primary', ...props }) {
  if (compact) {
    return (
      <Tooltip title={label}>
        <span>
          <IconButton color={color} aria-label={label} {...props}>{icon}</IconButton>
        </span>
      </Tooltip>
    );
  }
  return <Button variant={variant} color={color} size="small" {...props}>{label}</Button>;
}

/** Conversation header: contact, user/queue and the actions of the ticket's status. */
export default function TicketHeader({ ticket, onChange, onOpenContact }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const inbox = useInbox();
  const { run, busy } = useTicketUpdate();
  const [resolveAnchor, setResolveAnchor] = useState(null);
  const [moreAnchor, setMoreAnchor] = useState(null);
  const [acceptOpen, setAcceptOpen] = useState(false);
  const [transferOpen, setTransferOpen] = useState(false);
  const [logOpen, setLogOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const { status } = ticket;
  const admin = isAdmin(user);
  const [headerRef, headerWidth] = useElementWidth();
  const { data: queueData } = useSWR(admin ? '/queue' : null, { revalidateOnFocus: false });
  const compact = headerWidth > 0 && headerWidth < COMPACT_HEADER_WIDTH;
  const botConnections = useBotConnections();
  const stage = botStage(ticket, botConnections);

  const apply = async (body, { leave = false, tab } = {}) => {
    const updated = await run(ticket, body);
    if (!updated) return false;
    onChange({ ...body, ...updated });
    if (tab) inbox?.setTab(tab);
    if (leave) navigate('/tickets');
    return true;
  };

  const accept = async (queueId) => {
    const next = takenStatus(ticket);
    const ok = await apply({ status: next, userId: user.id, queueId: queueId ?? ticket.queueId }, { tab: next });
    if (ok) navigate(`/tickets/${ticket.uuid}`);
  };

  // A ticket without a queue asks for one, unless there is none to choose (a new company
  // has no queue yet: the README's first sandbox ticket is accepted as it is).
  const nothingToChoose = admin ? queueData !== undefined && asList(queueData, 'queues').length === 0 : !(user.queues || []).length;
  const onAccept = () => {
    if (!ticket.queueId && !nothingToChoose) setAcceptOpen(true);
    else accept(ticket.queueId);
  };

  const resolve = (sendFarewellMessage) => {
    setResolveAnchor(null);
    apply({ status: 'closed', userId: user.id, queueId: ticket.queueId, sendFarewellMessage }, { leave: true });
  };

  const exportPdf = async () => {
    setMoreAnchor(null);
    setExporting(true);
    try {
      await exportTicketPdf(ticket, t);
    } catch (error) {
      toastError(error);
    } finally {
      setExporting(false);
    }
  };

  const confirmDelete = async () => {
    try {
      await deleteTicket(ticket.id);
      toast.success(t('tickets.deleted'));
      navigate('/tickets');
    } catch (error) {
      toastError(error);
    }
  };

  const contact = ticket.contact || {};
  // Each part on its own, wrapping to a second line rather than cutting the user's name.
  const subtitle = [
    ticket.user?.name && t('tickets.header.assigned', { name: ticket.user.name }),
    t('tickets.header.queue', { name: ticket.queue?.name || t('tickets.item.noQueue') }),
  ].filter(Boolean);

  return (
    <Stack ref={headerRef} direction="row" spacing={compact ? 0 : 1} sx={{ alignItems: 'center', px: 1.5, py: 1, borderBottom: 1, borderColor: 'divider' }}
      useFlexGap data-testid="ticket-header" data-compact={compact}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flex: 1, minWidth: 0 }}>
        <Avatar src={contact.urlPicture || undefined} onClick={onOpenContact} sx={{ cursor: 'pointer' }}>{contact.name?.[0]}</Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Box onClick={onOpenContact} sx={{ cursor: 'pointer' }} data-testid="ticket-header-contact">
            <Typography noWrap sx={{ fontWeight: 600 }} data-testid="ticket-header-name">
              {contact.name} <Typography component="span" variant="caption" color="text.secondary">#{ticket.id}</Typography>
            </Typography>
            <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 1 }} data-testid="ticket-header-subtitle">
              {subtitle.map((part) => (
                <Typography key={part} variant="caption" color="text.secondary" title={part} sx={{ wordBreak: 'break-word' }}>
                  {part}
                </Typography>
              ))}
              {['lgpd', 'nps'].includes(status) && (
                <Typography variant="caption" sx={{ fontWeight: 600, color: 'secondary.main' }} data-testid="ticket-header-status">
                  {t(`tickets.status.${status}`)}
                </Typography>
              )}
              <BotChip stage={stage} testId="ticket-header-bot" />
            </Stack>
          </Box>
          <TicketTags contactId={ticket.contactId ?? contact.id} companyId={ticket.companyId ?? user.companyId ?? user.company?.id} />
        </Box>
      </Box>
      {busy && <CircularProgress size={20} />}
      {status === 'pending' && (
        <Action compact={compact} variant="contained" icon={<DoneIcon />} label={t('tickets.actions.accept')} onClick={onAccept}
          disabled={busy} data-testid="ticket-accept" />
      )}
      {canIgnore(user, status) && (
        <Action compact={compact} color="secondary" icon={<NotInterestedIcon />} label={t('tickets.actions.ignore')} disabled={busy}
          data-testid="ticket-ignore"
          onClick={() => apply({ status: 'closed', amountUsedBotQueues: 0, sendFarewellMessage: false }, { leave: true })} />
      )}
      {['open', 'group'].includes(status) && (
        <>
          <Action compact={compact} icon={<UndoIcon />} label={t('tickets.actions.return')} disabled={busy} data-testid="ticket-return"
            onClick={() => apply({ status: 'pending', userId: null, queueId: ticket.queueId }, { leave: true })} />
          {compact ? (
            <Action compact icon={<CheckCircleOutlinedIcon />} label={t('tickets.actions.resolve')} disabled={busy}
              onClick={(e) => setResolveAnchor(e.currentTarget)} data-testid="ticket-resolve" />
          ) : (
            <ButtonGroup variant="contained" size="small" disabled={busy}>
              <Button onClick={(e) => setResolveAnchor(e.currentTarget)} data-testid="ticket-resolve" endIcon={<ArrowDropDownIcon />}>
                {t('tickets.actions.resolve')}
              </Button>
            </ButtonGroup>
          )}
          <Menu anchorEl={resolveAnchor} open={Boolean(resolveAnchor)} onClose={() => setResolveAnchor(null)}>
            <MenuItem onClick={() => resolve(true)} data-testid="ticket-resolve-farewell">{t('tickets.actions.resolveWithFarewell')}</MenuItem>
            <MenuItem onClick={() => resolve(false)} data-testid="ticket-resolve-silent">{t('tickets.actions.resolveWithoutFarewell')}</MenuItem>
          </Menu>
        </>
      )}
      {['pending', 'open', 'group'].includes(status) && (
        <Action compact={compact} icon={<SwapHorizIcon />} label={t('tickets.actions.transfer')} disabled={busy}
          onClick={() => setTransferOpen(true)} data-testid="ticket-transfer" />
      )}
      {status === 'closed' && (
        <>
          {ticket.userRating?.rate != null && <RatingEmoji rate={ticket.userRating.rate} />}
          <Action compact={compact} variant="contained" icon={<ReplayIcon />} label={t('tickets.actions.reopen')} disabled={busy}
            data-testid="ticket-reopen"
            onClick={async () => {
              const next = takenStatus(ticket);
              await apply({ status: next, userId: user.id, queueId: ticket.queueId }, { tab: next });
            }} />
        </>
      )}
      <Tooltip title={t('tickets.actions.more')}>
        <IconButton onClick={(e) => setMoreAnchor(e.currentTarget)} data-testid="ticket-more" aria-label={t('tickets.actions.more')}>
          {exporting ? <CircularProgress size={20} /> : <MoreVertIcon />}
        </IconButton>
      </Tooltip>
      <Menu anchorEl={moreAnchor} open={Boolean(moreAnchor)} onClose={() => setMoreAnchor(null)}>
        <MenuItem onClick={() => { setMoreAnchor(null); setLogOpen(true); }} data-testid="ticket-log">
          <ListItemIcon><HistoryIcon fontSize="small" /></ListItemIcon>{t('tickets.actions.log')}
        </MenuItem>
        <MenuItem onClick={exportPdf} data-testid="ticket-export">
          <ListItemIcon><PictureAsPdfOutlinedIcon fontSize="small" /></ListItemIcon>{t('tickets.actions.exportPdf')}
        </MenuItem>
        <MenuItem
          data-testid="ticket-integration"
          data-on={Boolean(ticket.useIntegration)}
          onClick={() => { setMoreAnchor(null); apply({ useIntegration: !ticket.useIntegration }); }}
        >
          <ListItemIcon><SmartToyOutlinedIcon fontSize="small" /></ListItemIcon>
          {t('tickets.actions.integration')}
          {ticket.useIntegration && <CheckIcon fontSize="small" sx={{ ml: 1 }} />}
        </MenuItem>
        {admin && <Divider />}
        {admin && (
          <MenuItem onClick={() => { setMoreAnchor(null); setDeleteOpen(true); }} data-testid="ticket-delete" sx={{ color: 'error.main' }}>
            <ListItemIcon><DeleteOutlineIcon fontSize="small" color="error" /></ListItemIcon>{t('tickets.actions.delete')}
          </MenuItem>
        )}
      </Menu>
      <AcceptQueueModal open={acceptOpen} onClose={() => setAcceptOpen(false)} onConfirm={(queueId) => { setAcceptOpen(false); accept(queueId); }} />
      <TransferTicketModal open={transferOpen} ticket={ticket} onClose={() => setTransferOpen(false)}
        onTransfer={async (body) => {
          const ok = await apply(body, { leave: true });
          if (ok) setTransferOpen(false);
        }} />
      <TicketLogModal open={logOpen} ticketId={ticket.id} onClose={() => setLogOpen(false)} />
      <ConfirmationDialog open={deleteOpen} title={t('tickets.deleteTitle', { id: ticket.id })} confirmLabel={t('common.delete')}
        onConfirm={confirmDelete} onClose={() => setDeleteOpen(false)} testId="ticket-delete-dialog">
        {t('tickets.deleteMessage')}
      </ConfirmationDialog>
    </Stack>
  );
}
