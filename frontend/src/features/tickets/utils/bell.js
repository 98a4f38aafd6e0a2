/**
 * The notification bell: the tickets with unread messages that sit in the signed-in user's
 * own tabs. Its source of truth is the server's ticket (status, queue, user, unreadMessages)
 * as every page and event carries it, judged by the same rules the server lists tickets
 * with (ticket.viewer.scope, without show-all): a bell that kept rules of its own missed
 * tickets the Aguardando tab showed.
 */
import { isAdmin } from '../../../utils/permissions';
import { canSeeGroups, canSeeNoQueue } from './permissions';

/** The tabs whose tickets ring the bell. */
export const BELL_STATUSES = ['pending', 'open', 'group'];

const sameId = (a, b) => a != null && b != null && Number(a) === Number(b);

/** Whether the user's queues hold the ticket's queue (an admin's lists show every queue). */
function inQueues(ticket, user) {
  return isAdmin(user) || (user.queues || []).some((q) => sameId(q.id ?? q, ticket.queueId));
}

/**
 * Whether ticket is in one of user's tabs: pending (unassigned or theirs), open (theirs) or
 * group; groups need allowGroup; tickets without a queue need admin or allTicket, except in
 * the group tab.
 */
export function inMyTabs(ticket, user) {
  if (!ticket || !user || !BELL_STATUSES.includes(ticket.status)) return false;
  if (ticket.userId != null && !sameId(ticket.userId, user.id)) return false;
  if (ticket.status === 'open' && ticket.userId == null) return false;
  if (ticket.isGroup && !canSeeGroups(user)) return false;
  if (ticket.queueId == null) return ticket.status === 'group' || canSeeNoQueue(user);
  return inQueues(ticket, user);
}

/** Whether a ticket belongs in the bell (showPending: company setting showNotificationPending). */
export function shouldNotify(ticket, user, { showPending = true } = {}) {
  return inMyTabs(ticket, user) && !(ticket.status === 'pending' && !showPending);
}

const rings = (ticket, rules) => Number(ticket?.unreadMessages) > 0 && shouldNotify(ticket, rules.user, rules);
const newer = (a, b) => new Date(b.updatedAt || 0).getTime() - new Date(a.updatedAt || 0).getTime();

/**
 * The bell's list. Actions: seed {tickets} (pages of GET /tickets), ticket {ticket} (a
 * ticket or appMessage event: kept while it has unread messages and is the user's, else
 * dropped), remove {id}, opened {uuid}; each with rules {user, showPending}.
 */
export function bellReducer(state, action) {
  const { rules = {} } = action;
  switch (action.type) {
    case 'seed': {
      const byId = new Map(state.map((t) => [t.id, t]));
      (action.tickets || []).forEach((t) => {
        const current = byId.get(t.id);
        if (!current || newer(current, t) >= 0) byId.set(t.id, t);
      });
      return [...byId.values()].filter((t) => rings(t, rules)).sort(newer);
    }
    case 'ticket': {
      const { ticket } = action;
      if (!ticket) return state;
      const rest = state.filter((t) => t.id !== ticket.id);
      if (!rings(ticket, rules)) return rest.length === state.length ? state : rest;
      const current = state.find((t) => t.id === ticket.id);
      const merged = { ...current, ...ticket, contact: ticket.contact || current?.contact };
      return [merged, ...rest];
    }
    case 'remove':
      return state.filter((t) => !sameId(t.id, action.id));
    case 'opened':
      return state.filter((t) => t.uuid !== action.uuid);
    default:
      return state;
  }
}
