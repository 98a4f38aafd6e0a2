import { describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { hiddenNoQueueKey, inboxTabs, lgpdTabOn, shownTab } from './inboxTabs';
import { canIgnore } from './permissions';
import { belongsToList, initialTicketsState, ticketsReducer } from './ticketsReducer';

describe('the LGPD tab (issue 13)', () => {
  it('shows beside Aguardando while the company asks for consent', () => {
    expect(lgpdTabOn('enabled')).toBe(true);
    expect(lgpdTabOn('disabled')).toBe(false);
    expect(lgpdTabOn(undefined)).toBe(false); // not loaded yet: no empty tab flashes in
    expect(inboxTabs({ lgpd: true })).toEqual(['open', 'pending', 'lgpd']);
    expect(inboxTabs({ lgpd: true, groups: true })).toEqual(['open', 'pending', 'lgpd', 'group']);
    expect(inboxTabs({ groups: true })).toEqual(['open', 'pending', 'group']);
    expect(inboxTabs()).toEqual(['open', 'pending']);
  });

  it('never lists tickets waiting for a rating', () => {
    expect(inboxTabs({ lgpd: true, groups: true })).not.toContain('nps');
  });

  it('falls back to Atendendo when the chosen tab goes away', () => {
    expect(shownTab('lgpd', ['open', 'pending', 'lgpd'])).toBe('lgpd');
    expect(shownTab('lgpd', ['open', 'pending'])).toBe('open');
    expect(shownTab('group', ['open', 'pending', 'lgpd'])).toBe('open');
    expect(shownTab('pending', ['open', 'pending'])).toBe('pending');
  });

  it('explains its hidden queue-less tickets in its own words, in every language', () => {
    expect(hiddenNoQueueKey('lgpd')).toBe('tickets.list.hiddenNoQueueLgpd');
    expect(hiddenNoQueueKey('pending')).toBe('tickets.list.hiddenNoQueue');
    expect(i18n.getFixedT('pt')('tickets.tabs.lgpd')).toBe('LGPD');
    for (const lang of ['pt', 'en', 'es', 'tr']) {
      const t = i18n.getFixedT(lang);
      expect(t('tickets.tabs.lgpd')).not.toBe('tickets.tabs.lgpd');
      expect(t('tickets.tabs.lgpdHint')).not.toBe('tickets.tabs.lgpdHint');
      expect(t('tickets.list.hiddenNoQueueLgpd', { count: 2 })).toMatch(/^.*2/);
    }
  });
});

describe('ignoring a waiting ticket (spec/1 §4, §6)', () => {
  const user = (over) => ({ profile: 'user', userClosePendingTicket: 'disabled', showDashboard: 'disabled', ...over });
  it('an lgpd ticket: admins and userClosePendingTicket only', () => {
    expect(canIgnore({ profile: 'admin' }, 'lgpd')).toBe(true);
    expect(canIgnore(user({ userClosePendingTicket: 'enabled' }), 'lgpd')).toBe(true);
    expect(canIgnore(user({ showDashboard: 'enabled' }), 'lgpd')).toBe(false);
    expect(canIgnore(user(), 'lgpd')).toBe(false);
  });
  it('a pending ticket: showDashboard too; nothing else is ignored', () => {
    expect(canIgnore(user({ showDashboard: 'enabled' }), 'pending')).toBe(true);
    expect(canIgnore(user(), 'pending')).toBe(false);
    expect(canIgnore({ profile: 'admin' }, 'open')).toBe(false);
    expect(canIgnore({ profile: 'admin' }, 'nps')).toBe(false);
  });
});

describe('the tab follows the consent conversation live', () => {
  const admin = { userId: 1, canSeeNoQueue: true, sort: 'DESC' };
  const lists = {
    lgpd: { ...admin, status: 'lgpd', queueIds: [9] },
    pending: { ...admin, status: 'pending', queueIds: [9] },
    open: { ...admin, status: 'open', queueIds: [9] },
  };
  const load = (tickets) => ticketsReducer(initialTicketsState, { type: 'page', first: true, page: { tickets, count: tickets.length } });
  const apply = (states, action) =>
    Object.fromEntries(Object.entries(states).map(([key, state]) => [key, ticketsReducer(state, { ...action, ctx: lists[key] })]));
  const counts = (states) => Object.fromEntries(Object.entries(states).map(([key, state]) => [key, state.count]));
  const ana = { id: 1, status: 'lgpd', queueId: null, userId: null, updatedAt: '2026-11-25T10:00:00Z' };

  it('a new customer enters it, accepting moves them to Aguardando, refusing closes them', () => {
    let states = { lgpd: load([ana]), pending: load([]), open: load([]) };
    const bia = { id: 2, status: 'lgpd', queueId: null, userId: null, updatedAt: '2026-11-25T10:01:00Z' };
    states = apply(states, { type: 'message', ticket: bia, message: { body: 'oi' } });
    expect(counts(states)).toEqual({ lgpd: 2, pending: 0, open: 0 });
    expect(states.lgpd.tickets.map((t) => t.id)).toEqual([2, 1]);

    states = apply(states, { type: 'update', ticket: { ...ana, status: 'pending', lgpdAcceptedAt: '2026-11-25T10:02:00Z' } });
    expect(counts(states)).toEqual({ lgpd: 1, pending: 1, open: 0 });

    states = apply(states, { type: 'update', ticket: { ...bia, status: 'closed' } });
    expect(counts(states)).toEqual({ lgpd: 0, pending: 1, open: 0 });
  });

  it('a ticket waiting for a rating enters no tab', () => {
    let states = { lgpd: load([]), pending: load([]), open: load([]) };
    states = apply(states, { type: 'update', ticket: { id: 3, status: 'nps', queueId: 9, userId: 1, updatedAt: '2026-11-25T10:03:00Z' } });
    expect(counts(states)).toEqual({ lgpd: 0, pending: 0, open: 0 });
  });

  it('follows the pending tab rules: queues, and no queue only for admins and allTicket', () => {
    const agent = { status: 'lgpd', queueIds: [9], userId: 7, canSeeNoQueue: false };
    expect(belongsToList(ana, agent)).toBe(false);
    expect(belongsToList({ ...ana, queueId: 9 }, agent)).toBe(true);
    expect(belongsToList({ ...ana, queueId: 8 }, agent)).toBe(false);
    expect(belongsToList(ana, { ...agent, canSeeNoQueue: true })).toBe(true);
  });
});
