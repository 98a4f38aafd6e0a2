import { useEffect, useReducer, useRef, useState } from 'react';
import {
  Avatar, Badge, IconButton, List, ListItemAvatar, ListItemButton, ListItemText, Popover, Tooltip, Typography,
} from '@mui/material';
import ChatIcon from '@mui/icons-material/ChatOutlined';
import { matchPath, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import useSocketEvent from '../../../hooks/useSocketEvent';
import { socket } from '../../../services/socket';
import { stripMarkup } from '../../messages/utils/whatsappMarkup';
import { useAuth } from '../../auth/hooks/useAuth';
import { useBranding } from '../../branding/hooks/useBranding';
import { VOLUME_KEY } from '../../layout/components/VolumeControl';
import { listTickets } from '../api/ticketsApi';
import { useQueueOptions, useSettingValue } from '../hooks/useLookups';
import { BELL_STATUSES, bellReducer, shouldNotify } from '../utils/bell';
import { LAST_MESSAGE_MAX, formatTicketTime, titleWithCount, truncate } from '../utils/format';
import { canSeeGroups, companyIdOf } from '../utils/permissions';

/** Volume kept by the top bar slider (0..1). */
export function storedVolume() {
  try {
    const value = JSON.parse(localStorage.getItem(VOLUME_KEY));
    return typeof value === 'number' ? Math.min(1, Math.max(0, value)) : 1;
  } catch {
    return 1;
  }
}

/** A short two-tone chime through Web Audio at the slider's volume. */
export function playChime(volume = storedVolume()) {
  if (!volume) return;
  try {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    const ctx = new Ctx();
    const gain = ctx.createGain();
    gain.gain.value = 0.25 * volume;
    gain.connect(ctx.destination);
    [880, 1320].forEach((freq, i) => {
      const osc = ctx.createOscillator();
      osc.frequency.value = freq;
      osc.connect(gain);
      osc.start(ctx.currentTime + i * 0.15);
      osc.stop(ctx.currentTime + i * 0.15 + 0.14);
    });
    setTimeout(() => ctx.close(), 600);
  } catch {
    // No audio output available.
  }
}

/** Top-bar popover with the tickets holding unread messages; sound and the title counter. */
export default function NotificationsPopover() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [anchor, setAnchor] = useState(null);
  const [tickets, dispatch] = useReducer(bellReducer, []);
  // The tab's title is the whitelabel's name, with the unread count in front.
  const { branding } = useBranding();
  const baseTitle = useRef(branding.appName);
  baseTitle.current = branding.appName;
  const companyId = companyIdOf(user);
  const showPending = useSettingValue('showNotificationPending') !== 'disabled';
  const openUuid = matchPath('/tickets/:ticketId', location.pathname)?.params.ticketId;
  const queueIds = useQueueOptions(user).map((q) => q.id);
  const rules = { user, showPending };
  const [seeds, setSeeds] = useState(0);

  // The tabs' own pages of unread tickets, with the queues the lists ask for; again after a
  // dropped socket, which may have missed events.
  const queueKey = JSON.stringify(queueIds);
  useEffect(() => {
    let active = true;
    const statuses = BELL_STATUSES.filter((status) => status !== 'group' || canSeeGroups(user));
    Promise.all(statuses.map((status) => listTickets({ status, withUnreadMessages: true, queueIds })))
      .then((pages) => active && dispatch({ type: 'seed', tickets: pages.flatMap((p) => p?.tickets || []), rules }))
      .catch(() => {});
    return () => {
      active = false;
    };
  }, [user.id, queueKey, seeds, showPending]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => socket.onDrop(() => setSeeds((n) => n + 1)), []);

  useEffect(() => {
    const count = tickets.length;
    document.title = titleWithCount(baseTitle.current, count);
  }, [tickets.length, branding.appName]);

  useEffect(() => () => { document.title = baseTitle.current; }, []);

  useSocketEvent(companyId ? `company-${companyId}-appMessage` : null, (data) => {
    if (data?.action !== 'create' || !data.ticket) return;
    const ticket = { ...data.ticket, contact: data.contact || data.ticket.contact };
    const onScreen = ticket.uuid === openUuid && document.visibilityState === 'visible';
    if (onScreen) return;
    dispatch({ type: 'ticket', ticket, rules });
    if (data.message?.fromMe || !shouldNotify(ticket, user, { showPending })) return;
    playChime();
    if (typeof Notification !== 'undefined' && Notification.permission === 'granted' && document.visibilityState !== 'visible') {
      try {
        const n = new Notification(t('notifications.newMessage', { name: ticket.contact?.name || '' }), {
          body: truncate(stripMarkup(data.message?.body || ''), LAST_MESSAGE_MAX),
          tag: String(ticket.id),
        });
        n.onclick = () => {
          window.focus();
          navigate(`/tickets/${ticket.uuid}`);
        };
      } catch {
        // Notifications may be unavailable in this context.
      }
    }
  });

  useSocketEvent(companyId ? `company-${companyId}-ticket` : null, (data) => {
    const id = data?.ticketId ?? data?.ticket?.id;
    if (data?.action === 'updateUnread' || data?.action === 'delete') dispatch({ type: 'remove', id });
    if (data?.action === 'update' && data.ticket && data.ticket.uuid !== openUuid) dispatch({ type: 'ticket', ticket: data.ticket, rules });
  });

  // Opening a ticket reads it: drop it from the list.
  useEffect(() => {
    if (openUuid) dispatch({ type: 'opened', uuid: openUuid });
  }, [openUuid]);

  useEffect(() => {
    if (typeof Notification !== 'undefined' && Notification.permission === 'default') {
      Notification.requestPermission().catch(() => {});
    }
  }, []);

  return (
    <>
      <Tooltip title={t('notifications.title')}>
        <IconButton color="inherit" onClick={(e) => setAnchor(e.currentTarget)} data-testid="notifications-button"
          data-count={tickets.length} aria-label={t('notifications.title')}>
          <Badge badgeContent={tickets.length} color="error" max={99}>
            <ChatIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover open={Boolean(anchor)} anchorEl={anchor} onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <List sx={{ width: 340, maxHeight: 420, overflowY: 'auto' }} data-testid="notifications-list">
          {tickets.length === 0 && (
            <Typography sx={{ p: 2 }} color="text.secondary">{t('notifications.empty')}</Typography>
          )}
          {tickets.map((tk) => (
            <ListItemButton key={tk.id} data-testid="notification-item" onClick={() => { setAnchor(null); navigate(`/tickets/${tk.uuid}`); }}>
              <ListItemAvatar><Avatar src={tk.contact?.urlPicture || undefined}>{tk.contact?.name?.[0]}</Avatar></ListItemAvatar>
              <ListItemText primary={tk.contact?.name} secondary={`${formatTicketTime(tk.updatedAt)} · ${truncate(stripMarkup(tk.lastMessage), LAST_MESSAGE_MAX)}`}
                slotProps={{ secondary: { noWrap: true } }} />
            </ListItemButton>
          ))}
        </List>
      </Popover>
    </>
  );
}
