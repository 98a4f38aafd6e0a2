/**
 * The state of one ticket list (a tab or view) and how pages and real-time events change it.
 * state = { tickets, count, hasMore }.
 *
 * A list is described by a context: { status (absent for the search view), queueIds
 * (selected queues), userId (me), showAll, canSeeNoQueue, sort ('ASC' | 'DESC'), onlyKnown
 * (search results: events change listed tickets but never add one) }.
 */

export const initialTicketsState = { tickets: [], count: 0, hasMore: false, hiddenNoQueue: 0 };

/** Whether a ticket belongs to the list described by ctx. */
export function belongsToList(ticket, ctx = {}) {
  if (!ticket) return false;
  if (ctx.status && ticket.status !== ctx.status) return false;
  const queueIds = ctx.queueIds || [];
  if (ticket.queueId == null) {
    if (ctx.canSeeNoQueue === false) return false;
  } else if (queueIds.length && !queueIds.map(Number).includes(Number(ticket.queueId))) {
    return false;
  }
  if (ctx.status === 'open' && !ctx.showAll && ctx.userId != null && ticket.userId != null && ticket.userId !== ctx.userId) {
    return false;
  }
  return true;
}

const byUpdatedAt = (sort) => (a, b) => {
  const diff = new Date(a.updatedAt).getTime() - new Date(b.updatedAt).getTime();
  return sort === 'ASC' ? diff : -diff;
};

function without(state, id) {
  const tickets = state.tickets.filter((t) => t.id !== id);
  if (tickets.length === state.tickets.length) return state;
  return { ...state, tickets, count: Math.max(0, state.count - 1) };
}

/** Puts a ticket at the edge where the newest go (top for DESC, bottom for ASC). */
function atEdge(state, ticket, sort) {
  const rest = state.tickets.filter((t) => t.id !== ticket.id);
  const added = rest.length === state.tickets.length;
  const tickets = sort === 'ASC' ? [...rest, ticket] : [ticket, ...rest];
  return { ...state, tickets, count: state.count + (added ? 1 : 0) };
}

export function ticketsReducer(state, action) {
  switch (action.type) {
    case 'reset':
      return initialTicketsState;
    case 'page': {
      const { tickets = [], hasMore = false, count, hiddenNoQueue = 0 } = action.page || {};
      const base = action.first ? [] : state.tickets;
      const byId = new Map(base.map((t) => [t.id, t]));
      const appended = [];
      tickets.forEach((t) => {
        if (byId.has(t.id)) byId.set(t.id, t);
        else appended.push(t);
      });
      return {
        tickets: [...base.map((t) => byId.get(t.id)), ...appended],
        hasMore: Boolean(hasMore),
        count: typeof count === 'number' ? count : base.length + appended.length,
        // Pending tickets without a queue the user's permissions hide (first page only).
        hiddenNoQueue: action.first ? hiddenNoQueue : state.hiddenNoQueue,
      };
    }
    case 'update': {
      // {action:'update', ticket}: replace in place, add when new, remove when it left the list.
      const { ticket, ctx = {} } = action;
      if (!ticket) return state;
      if (!belongsToList(ticket, ctx)) return without(state, ticket.id);
      const index = state.tickets.findIndex((t) => t.id === ticket.id);
      if (index === -1) return ctx.onlyKnown ? state : atEdge(state, ticket, ctx.sort);
      const tickets = [...state.tickets];
      tickets[index] = { ...tickets[index], ...ticket };
      return { ...state, tickets };
    }
    case 'message': {
      // {action:'create', message, ticket, contact}: the ticket goes to the top with its news.
      const { ticket, message, contact, ctx = {} } = action;
      if (!ticket) return state;
      if (!belongsToList(ticket, ctx)) return without(state, ticket.id);
      const current = state.tickets.find((t) => t.id === ticket.id);
      if (!current && ctx.onlyKnown) return state;
      const merged = {
        ...current,
        ...ticket,
        contact: contact || ticket.contact || current?.contact,
        lastMessage: ticket.lastMessage ?? message?.body ?? current?.lastMessage,
      };
      return atEdge(state, merged, ctx.sort);
    }
    case 'delete':
      return without(state, Number(action.ticketId));
    case 'unread':
      return {
        ...state,
        tickets: state.tickets.map((t) => (t.id === Number(action.ticketId) ? { ...t, unreadMessages: 0 } : t)),
      };
    case 'contact': {
      const { contact } = action;
      if (!contact) return state;
      return {
        ...state,
        tickets: state.tickets.map((t) =>
          t.contactId === contact.id || t.contact?.id === contact.id ? { ...t, contact: { ...t.contact, ...contact } } : t,
        ),
      };
    }
    case 'sort':
      return { ...state, tickets: [...state.tickets].sort(byUpdatedAt(action.sort)) };
    default:
      return state;
  }
}
