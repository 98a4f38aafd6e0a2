import { describe, expect, it } from 'vitest';
import { bellReducer, inMyTabs, shouldNotify } from './bell';

const admin = { id: 1, profile: 'admin', queues: [] };
const agent = { id: 2, profile: 'user', queues: [{ id: 10 }], allTicket: 'disable' };
const agentAll = { ...agent, allTicket: 'enable' };
const rules = (user, showPending = true) => ({ user, showPending });
const tk = (over) => ({ id: 1, uuid: 'u1', status: 'pending', queueId: null, userId: null, unreadMessages: 1, updatedAt: '2026-01-01T10:00:00Z', ...over });

describe('bell rules (as the server lists tickets)', () => {
  it('admins see pending tickets without a queue, attendants only with allTicket', () => {
    expect(inMyTabs(tk(), admin)).toBe(true);
    expect(inMyTabs(tk(), agent)).toBe(false);
    expect(inMyTabs(tk(), agentAll)).toBe(true);
  });
  it('queues: an attendant only theirs, and none when they have none', () => {
    expect(inMyTabs(tk({ queueId: 10 }), agent)).toBe(true);
    expect(inMyTabs(tk({ queueId: 11 }), agent)).toBe(false);
    expect(inMyTabs(tk({ queueId: 10 }), { ...agent, queues: [] })).toBe(false);
    expect(inMyTabs(tk({ queueId: 11 }), admin)).toBe(true);
  });
  it("someone else's ticket, open unassigned, closed and groups without allowGroup stay out", () => {
    expect(inMyTabs(tk({ queueId: 10, userId: 9 }), agent)).toBe(false);
    expect(inMyTabs(tk({ queueId: 10, userId: 2, status: 'open' }), agent)).toBe(true);
    expect(inMyTabs(tk({ queueId: 10, status: 'open' }), agent)).toBe(false);
    expect(inMyTabs(tk({ queueId: 10, status: 'closed' }), agent)).toBe(false);
    expect(inMyTabs(tk({ status: 'group', isGroup: true }), agent)).toBe(false);
    expect(inMyTabs(tk({ status: 'group', isGroup: true }), { ...agent, allowGroup: true })).toBe(true);
  });
  it('showNotificationPending disabled keeps pending tickets out', () => {
    expect(shouldNotify(tk(), admin, { showPending: false })).toBe(false);
    expect(shouldNotify(tk({ status: 'open', userId: 1 }), admin, { showPending: false })).toBe(true);
  });
});

describe('bell list', () => {
  it("counts a returning customer's ticket: the bell matches Aguardando", () => {
    // Aguardando holds two tickets without a queue with unread messages; the admin's bell too.
    let state = bellReducer([], { type: 'seed', tickets: [tk({ id: 1 })], rules: rules(admin) });
    // The returning customer: their resolved ticket comes back pending (agent kept) …
    const back = tk({ id: 2, uuid: 'u2', userId: 1, queueId: 10, unreadMessages: 1, updatedAt: '2026-01-01T11:00:00Z' });
    state = bellReducer(state, { type: 'ticket', ticket: back, rules: rules(admin) });
    expect(state.map((t) => t.id)).toEqual([2, 1]);
    // … and a new ticket of theirs, without a queue, known only from its ticket event.
    state = bellReducer(state, { type: 'ticket', ticket: tk({ id: 3, uuid: 'u3' }), rules: rules(admin) });
    expect(state).toHaveLength(3);
  });
  it('follows the ticket: read, answered, taken by another or opened drops it', () => {
    let state = bellReducer([], { type: 'seed', tickets: [tk({ id: 1 }), tk({ id: 2, uuid: 'u2' }), tk({ id: 3, uuid: 'u3' }), tk({ id: 4, uuid: 'u4' })], rules: rules(admin) });
    state = bellReducer(state, { type: 'ticket', ticket: tk({ id: 1, unreadMessages: 0 }), rules: rules(admin) });
    state = bellReducer(state, { type: 'ticket', ticket: tk({ id: 2, uuid: 'u2', userId: 7, status: 'open' }), rules: rules(admin) });
    state = bellReducer(state, { type: 'remove', id: '3' });
    expect(state.map((t) => t.id)).toEqual([4]);
    expect(bellReducer(state, { type: 'opened', uuid: 'u4' })).toEqual([]);
  });
  it('keeps one entry per ticket and the newest state when a seed arrives late', () => {
    let state = bellReducer([], { type: 'ticket', ticket: tk({ unreadMessages: 3, updatedAt: '2026-01-01T12:00:00Z' }), rules: rules(admin) });
    state = bellReducer(state, { type: 'seed', tickets: [tk({ unreadMessages: 1 })], rules: rules(admin) });
    expect(state).toHaveLength(1);
    expect(state[0].unreadMessages).toBe(3);
  });
  it("drops the seed's tickets that are not the user's", () => {
    const state = bellReducer([], { type: 'seed', tickets: [tk({ id: 1 }), tk({ id: 2, queueId: 10 }), tk({ id: 3, unreadMessages: 0, queueId: 10 })], rules: rules(agent) });
    expect(state.map((t) => t.id)).toEqual([2]);
  });
});
