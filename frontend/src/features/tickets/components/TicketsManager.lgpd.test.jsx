import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allByTestId, byTestId, click, render } from '../../../test/render';
import { listTickets } from '../api/ticketsApi';
import { InboxProvider } from '../hooks/useInbox';
import TicketsManager from './TicketsManager';

const auth = vi.hoisted(() => ({ user: null }));
const handlers = vi.hoisted(() => new Map());
vi.mock('../../auth/hooks/useAuth', () => ({ useAuth: () => auth }));
vi.mock('../api/ticketsApi', async (original) => ({ ...(await original()), listTickets: vi.fn(), closeAllTickets: vi.fn() }));
vi.mock('../../../services/socket', () => ({
  socket: {
    joinTickets: vi.fn(),
    leaveTickets: vi.fn(),
    subscribe: vi.fn((event, handler) => {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event).add(handler);
      return () => handlers.get(event).delete(handler);
    }),
  },
}));

/** Delivers a socket frame to the subscribed handlers. */
const emit = (event, data) => act(() => [...(handlers.get(event) || [])].forEach((handler) => handler(data)));

/** Lets time pass inside act until check passes (a list loads after 500 ms of quiet filters). */
async function until(check, timeout = 3000) {
  const end = Date.now() + timeout;
  for (;;) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 25));
    });
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > end) throw error;
    }
  }
}

const responses = {};
let pages = {};
function mount() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), fetcher: async (key) => responses[Array.isArray(key) ? key[0] : key], dedupingInterval: 0 }}>
      <MemoryRouter>
        <InboxProvider>
          <TicketsManager />
        </InboxProvider>
      </MemoryRouter>
    </SWRConfig>,
  );
}

const count = (status) => byTestId(`tickets-count-${status}`)?.dataset.count;
const tabIds = () => allByTestId('tickets-manager')[0].querySelectorAll('[role="tab"]');
const visible = (status) => getComputedStyle(byTestId(`tickets-list-${status}`)).display !== 'none';
const at = (minute) => `2026-11-25T10:${String(minute).padStart(2, '0')}:00Z`;
const ticket = (id, status, over = {}) => ({
  id, uuid: `u${id}`, status, queueId: null, userId: null, updatedAt: at(id), contact: { id, name: `Cliente ${id}` }, ...over,
});

describe('inbox LGPD tab (issue 13)', () => {
  let view;
  beforeEach(() => {
    handlers.clear();
    localStorage.clear();
    listTickets.mockReset();
    listTickets.mockImplementation(async ({ status }) => pages[status] || { tickets: [], hasMore: false, count: 0 });
    responses['/queue'] = [{ id: 9, name: 'Vendas' }];
    responses['/whatsapp'] = [];
    responses['/tags/list'] = [];
    responses['/users/list'] = [];
    responses['/setting/enableLGPD'] = { key: 'enableLGPD', value: 'enabled' };
  });
  afterEach(() => view?.unmount());

  it('lists and counts consent tickets beside Aguardando and follows the conversation live', async () => {
    auth.user = { id: 1, profile: 'admin', companyId: 1 };
    pages = {
      pending: { tickets: [ticket(1, 'pending', { queueId: 9 })], hasMore: false, count: 1 },
      lgpd: { tickets: [ticket(2, 'lgpd'), ticket(3, 'lgpd')], hasMore: false, count: 2 },
    };
    view = mount();
    await until(() => expect(count('lgpd')).toBe('2'));
    expect([...tabIds()].map((tab) => tab.dataset.testid)).toEqual(['tickets-tab-open', 'tickets-tab-pending', 'tickets-tab-lgpd']);
    expect(byTestId('tickets-tab-lgpd').textContent).toContain('LGPD');
    expect(byTestId('tickets-tab-lgpd').getAttribute('title')).toBe('Clientes que ainda não responderam ao consentimento da LGPD');
    expect(count('pending')).toBe('1');
    expect(listTickets).toHaveBeenCalledWith(expect.objectContaining({ status: 'lgpd', pageNumber: 1 }));

    await click(byTestId('tickets-tab-lgpd'));
    expect(visible('lgpd')).toBe(true);
    expect(visible('pending')).toBe(false);

    // A new customer is asked for consent; one accepts (Aguardando), the other refuses (closed).
    emit('company-1-appMessage', { action: 'create', ticket: ticket(4, 'lgpd'), message: { body: 'oi' } });
    expect(count('lgpd')).toBe('3');
    emit('company-1-ticket', { action: 'update', ticket: ticket(2, 'pending') });
    expect([count('lgpd'), count('pending')]).toEqual(['2', '2']);
    emit('company-1-ticket', { action: 'update', ticket: ticket(3, 'closed') });
    expect([count('lgpd'), count('pending')]).toEqual(['1', '2']);
    // Waiting for a rating: in no tab.
    emit('company-1-ticket', { action: 'update', ticket: ticket(5, 'nps', { queueId: 9, userId: 1 }) });
    expect([count('open'), count('pending'), count('lgpd')]).toEqual(['0', '2', '1']);

    // An admin turns LGPD off: the tab goes, and the inbox shows Atendendo.
    emit('company-1-settings', { action: 'update', setting: { key: 'enableLGPD', value: 'disabled' } });
    await until(() => expect(byTestId('tickets-tab-lgpd')).toBeNull());
    expect(visible('open')).toBe(true);
    // Another key's event changes nothing.
    emit('company-1-settings', { action: 'update', setting: { key: 'lgpdHideNumber', value: 'enabled' } });
    expect(byTestId('tickets-tab-lgpd')).toBeNull();
  });

  it('an attendant without allTicket is told how many queue-less consent tickets it hides', async () => {
    auth.user = { id: 7, profile: 'user', companyId: 1, queues: [{ id: 9, name: 'Vendas' }], allTicket: 'disable' };
    pages = { lgpd: { tickets: [ticket(6, 'lgpd', { queueId: 9 })], hasMore: false, count: 1, hiddenNoQueue: 2 } };
    view = mount();
    await until(() => expect(count('lgpd')).toBe('1'));
    await click(byTestId('tickets-tab-lgpd'));
    const hint = byTestId('tickets-list-lgpd').querySelector('[data-testid="tickets-hidden-no-queue"]');
    expect(hint.textContent).toContain('aguardando o aceite da LGPD');
    expect(hint.dataset.count).toBe('2');
    // A queue-less customer entering consent is not theirs to see.
    emit('company-1-appMessage', { action: 'create', ticket: ticket(8, 'lgpd'), message: { body: 'oi' } });
    expect(count('lgpd')).toBe('1');
    emit('company-1-appMessage', { action: 'create', ticket: ticket(9, 'lgpd', { queueId: 9 }), message: { body: 'oi' } });
    expect(count('lgpd')).toBe('2');
  });

  it('no tab and no request while the company does not ask for consent', async () => {
    auth.user = { id: 1, profile: 'admin', companyId: 1 };
    responses['/setting/enableLGPD'] = { key: 'enableLGPD', value: 'disabled' };
    pages = { pending: { tickets: [ticket(1, 'pending', { queueId: 9 })], hasMore: false, count: 1 } };
    view = mount();
    await until(() => expect(count('pending')).toBe('1'));
    expect(byTestId('tickets-tab-lgpd')).toBeNull();
    expect(listTickets.mock.calls.map(([params]) => params.status)).not.toContain('lgpd');
    // Turned on: the tab appears and loads.
    emit('company-1-settings', { action: 'update', setting: { key: 'enableLGPD', value: 'enabled' } });
    await until(() => expect(byTestId('tickets-tab-lgpd')).not.toBeNull());
    await until(() => expect(listTickets).toHaveBeenCalledWith(expect.objectContaining({ status: 'lgpd' })));
  });
});
