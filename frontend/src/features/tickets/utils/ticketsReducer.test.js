import { describe, expect, it } from 'vitest';
import { belongsToList, initialTicketsState, ticketsReducer } from './ticketsReducer';

const t = (id, extra = {}) => ({
  id, status: 'pending', queueId: 1, userId: null, updatedAt: `2025-05-20T10:0${id}:00Z`, unreadMessages: 0,
  contactId: 100 + id, contact: { id: 100 + id, name: `C${id}` }, lastMessage: `m${id}`, ...extra,
});
const ctx = { status: 'pending', queueIds: [1, 2], userId: 7, showAll: false, canSeeNoQueue: true, sort: 'DESC' };
const loaded = () => ticketsReducer(initialTicketsState, { type: 'page', first: true, page: { tickets: [t(3), t(2), t(1)], hasMore: true, count: 10 } });
const ids = (state) => state.tickets.map((x) => x.id);

describe('tickets list reducer', () => {
  it('loads pages, keeping one entry per ticket', () => {
    let state = loaded();
    expect(ids(state)).toEqual([3, 2, 1]);
    expect(state.count).toBe(10);
    state = ticketsReducer(state, { type: 'page', page: { tickets: [t(1, { lastMessage: 'x' }), t(0)], hasMore: false, count: 10 } });
    expect(ids(state)).toEqual([3, 2, 1, 0]);
    expect(state.tickets[2].lastMessage).toBe('x');
    expect(state.hasMore).toBe(false);
    expect(ticketsReducer(state, { type: 'page', first: true, page: { tickets: [t(9)], count: 1 } }).tickets).toHaveLength(1);
  });

  it('replaces an updated ticket in place', () => {
    const state = ticketsReducer(loaded(), { type: 'update', ticket: t(2, { lastMessage: 'novo' }), ctx });
    expect(ids(state)).toEqual([3, 2, 1]);
    expect(state.tickets[1].lastMessage).toBe('novo');
  });

  it('adds a ticket that now belongs to the list on top and counts it', () => {
    const state = ticketsReducer(loaded(), { type: 'update', ticket: t(5), ctx });
    expect(ids(state)).toEqual([5, 3, 2, 1]);
    expect(state.count).toBe(11);
    const asc = ticketsReducer(loaded(), { type: 'update', ticket: t(5), ctx: { ...ctx, sort: 'ASC' } });
    expect(ids(asc)).toEqual([3, 2, 1, 5]);
  });

  it('removes a ticket whose status changed or whose queue is not selected', () => {
    let state = ticketsReducer(loaded(), { type: 'update', ticket: t(2, { status: 'open', userId: 7 }), ctx });
    expect(ids(state)).toEqual([3, 1]);
    expect(state.count).toBe(9);
    state = ticketsReducer(state, { type: 'update', ticket: t(3, { queueId: 9 }), ctx });
    expect(ids(state)).toEqual([1]);
    state = ticketsReducer(state, { type: 'update', ticket: t(8, { queueId: 9 }), ctx });
    expect(ids(state)).toEqual([1]);
  });

  it('moves a ticket with a new message to the top with its last message and unread count', () => {
    const state = ticketsReducer(loaded(), {
      type: 'message', ticket: t(1, { lastMessage: 'oi', unreadMessages: 2 }), message: { id: 50, body: 'oi' }, ctx,
    });
    expect(ids(state)).toEqual([1, 3, 2]);
    expect(state.tickets[0]).toMatchObject({ lastMessage: 'oi', unreadMessages: 2 });
    expect(state.count).toBe(10);
  });

  it('removes deleted tickets and zeroes unread badges', () => {
    let state = ticketsReducer(loaded(), { type: 'update', ticket: t(2, { unreadMessages: 4 }), ctx });
    state = ticketsReducer(state, { type: 'unread', ticketId: 2 });
    expect(state.tickets[1].unreadMessages).toBe(0);
    state = ticketsReducer(state, { type: 'delete', ticketId: '3' });
    expect(ids(state)).toEqual([2, 1]);
  });

  it('renames a contact on every ticket of it', () => {
    const state = ticketsReducer(loaded(), { type: 'contact', contact: { id: 102, name: 'Nova' } });
    expect(state.tickets[1].contact.name).toBe('Nova');
    expect(state.tickets[0].contact.name).toBe('C3');
  });

  it('keeps only my open tickets unless show all', () => {
    const open = { ...ctx, status: 'open' };
    expect(belongsToList(t(1, { status: 'open', userId: 8 }), open)).toBe(false);
    expect(belongsToList(t(1, { status: 'open', userId: 7 }), open)).toBe(true);
    expect(belongsToList(t(1, { status: 'open', userId: 8 }), { ...open, showAll: true })).toBe(true);
    expect(belongsToList(t(1, { queueId: null }), { ...ctx, canSeeNoQueue: false })).toBe(false);
  });
});
