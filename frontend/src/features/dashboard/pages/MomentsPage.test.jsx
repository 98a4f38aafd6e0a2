import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allByTestId, byTestId, render } from '../../../test/render';
import MomentsPage, { REFRESH_MS } from './MomentsPage';

const events = vi.hoisted(() => ({ handlers: {} }));
vi.mock('../../../hooks/useCompanyEvent', () => ({ default: (name, handler) => { events.handlers[name] = handler; } }));

let moments;
let fetches = 0;
const fetcher = async () => {
  fetches += 1;
  return moments;
};
function mount() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>
      <MemoryRouter><MomentsPage /></MemoryRouter>
    </SWRConfig>,
  );
}
const wait = (ms) => act(async () => { await new Promise((r) => setTimeout(r, ms)); });
const ticket = (id, userId, extra = {}) => ({
  id, uuid: `uuid-${id}`, status: userId ? 'open' : 'pending', userId, contactName: `Cliente ${id}`, lastMessage: 'oi', queueName: 'Vendas', queueColor: '#123456', unreadMessages: 0, ...extra,
});

describe('moments page', () => {
  let view;
  beforeEach(() => {
    fetches = 0;
    moments = { users: [{ id: 1, name: 'Ana', online: true }], tickets: [ticket(10, 1), ticket(11, null, { contactName: 'X'.repeat(35) })] };
  });
  afterEach(() => view?.unmount());

  it('shows a card per attendant and a Pendentes card, with links to the tickets', async () => {
    view = mount();
    await wait(0);
    const cards = allByTestId('moment-card');
    expect(cards.map((c) => c.querySelector('.MuiCardHeader-title').textContent)).toEqual(['Ana']);
    expect(byTestId('moment-pending').textContent).toContain('Pendentes');
    const links = allByTestId('moment-ticket').map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/tickets/uuid-10', '/tickets/uuid-11']);
    expect(byTestId('moment-pending').textContent).toContain(`${'X'.repeat(25)}…`);
  });

  it('refetches once for a burst of ticket events', async () => {
    view = mount();
    await wait(0);
    expect(fetches).toBe(1);
    moments = { users: [{ id: 1, name: 'Ana', online: true }, { id: 2, name: 'Bruno', online: false }], tickets: [ticket(10, 1), ticket(12, 2)] };
    act(() => {
      events.handlers.ticket({ action: 'update' });
      events.handlers.ticket({ action: 'update' });
      events.handlers.ticket({ action: 'delete' });
    });
    await wait(REFRESH_MS + 50);
    expect(fetches).toBe(2);
    expect(allByTestId('moment-card').length).toBe(2);
    expect(byTestId('moment-pending').textContent).toContain('Nenhum ticket');
  });
});
