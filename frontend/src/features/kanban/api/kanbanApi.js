import { api } from '../../../services/api';
import { randomColor } from '../../../utils/colors';
import { isoDay } from '../../../utils/companyDay';

export const LANES_PATH = '/tag/kanban';
export const BOARD_PATH = '/ticket/kanban';
/** The default lane: tickets without a kanban tag. */
export const DEFAULT_LANE = 0;
export const ACTIVE_STATUSES = ['open', 'pending'];

/** The plan's useKanban flag opens /Kanban and /TagsKanban. */
export const kanbanAllowed = (user) => Boolean(user?.company?.plan?.useKanban);

/** Today in the company's time zone, as the board's dates are read. */
export const today = (timeZone, now = new Date()) => isoDay(now, timeZone);

/** The lane a card sits in: its first tag that is a lane, else the default lane. */
export function laneOf(card, laneIds) {
  const tag = (card.tags || []).find((x) => laneIds.has(x.id));
  return tag ? tag.id : DEFAULT_LANE;
}

/** Cards by lane: { [laneId]: cards } with the default lane and every lane present. */
export function groupCards(cards, lanes) {
  const laneIds = new Set(lanes.map((l) => l.id));
  const out = { [DEFAULT_LANE]: [] };
  lanes.forEach((l) => { out[l.id] = []; });
  cards.forEach((c) => out[laneOf(c, laneIds)].push(c));
  return out;
}

/** The board after moving a card to lane (optimistic): its lane tags replaced by the new one. */
export function moveCard(board, ticketId, lane, laneIds) {
  if (!board) return board;
  return {
    ...board,
    tickets: board.tickets.map((c) => (c.id !== ticketId ? c : {
      ...c,
      tags: [...(c.tags || []).filter((x) => !laneIds.has(x.id)), ...(lane === DEFAULT_LANE ? [] : [{ id: lane }])],
    })),
  };
}

/** The board after a ticket event: the card follows the ticket's tags, leaves when closed or deleted. */
export function applyTicketEvent(board, data) {
  if (!board) return board;
  if (data?.action === 'delete') return { ...board, tickets: board.tickets.filter((c) => c.id !== data.ticketId) };
  const ticket = data?.ticket;
  if (data?.action !== 'update' || !ticket) return board;
  const found = board.tickets.some((c) => c.id === ticket.id);
  if (!found) return board;
  if (!ACTIVE_STATUSES.includes(ticket.status)) return { ...board, tickets: board.tickets.filter((c) => c.id !== ticket.id) };
  return {
    ...board,
    tickets: board.tickets.map((c) => (c.id !== ticket.id ? c : {
      ...c,
      status: ticket.status,
      lastMessage: ticket.lastMessage ?? c.lastMessage,
      unreadMessages: ticket.unreadMessages ?? c.unreadMessages,
      user: ticket.user ? { name: ticket.user.name } : null,
      tags: (ticket.tags || []).map((x) => ({ id: x.id })),
    })),
  };
}

/** Moves a ticket to a lane (spec/3 §4): remove its lane tag, then add the new lane's. */
export async function moveTicket(ticketId, lane) {
  await api.delete(`/ticket-tags/${ticketId}`);
  if (lane !== DEFAULT_LANE) await api.put(`/ticket-tags/${ticketId}/${lane}`);
}

/** Form values of a lane (a kanban tag with its lane settings). */
export function laneToForm(tag, random = Math.random) {
  return {
    name: tag?.name ?? '',
    color: tag?.color || randomColor(random),
    timeLane: tag?.timeLane ? String(tag.timeLane) : '',
    nextLaneId: tag?.nextLaneId ?? '',
    rollbackLaneId: tag?.rollbackLaneId ?? '',
    greetingMessageLane: tag?.greetingMessageLane ?? '',
  };
}

/** Field errors (i18n keys). */
export function validateLane(values) {
  const errors = {};
  const name = String(values.name ?? '').trim();
  if (!name) errors.name = 'validation.required';
  else if (name.length < 3) errors.name = 'contacts.validation.tagTooShort';
  const time = String(values.timeLane ?? '').trim();
  if (time && !/^\d+$/.test(time)) errors.timeLane = 'kanban.validation.minutes';
  if (time && Number(time) > 0 && !values.nextLaneId) errors.nextLaneId = 'kanban.validation.nextLane';
  return errors;
}

/** Body of POST /tags and PUT /tags/{id} for a lane; 0 clears a lane pointer. */
export const lanePayload = (v) => ({
  name: v.name.trim(),
  color: v.color.trim(),
  kanban: 1,
  timeLane: Number(v.timeLane || 0),
  nextLaneId: Number(v.nextLaneId || 0),
  rollbackLaneId: Number(v.rollbackLaneId || 0),
  greetingMessageLane: v.greetingMessageLane.trim(),
});

export const saveLane = (tag, payload) => (tag ? api.put(`/tags/${tag.id}`, payload) : api.post('/tags', payload));
export const deleteLane = (id) => api.delete(`/tags/${id}`);
