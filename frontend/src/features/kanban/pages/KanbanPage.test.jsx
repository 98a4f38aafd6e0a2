import { act } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { api } from '../../../services/api';
import { allByTestId, byTestId, render } from '../../../test/render';
import KanbanPage from './KanbanPage';

const handlers = {};
vi.mock('../../auth/hooks/useAuth', () => ({ useAuth: () => ({ user: { id: 1, companyId: 7, profile: 'admin', company: { plan: { useKanban: true } } } }) }));
vi.mock('../../../hooks/useCompanyEvent', () => ({ default: (name, handler) => { handlers[name] = handler; } }));
vi.mock('../../../services/api', () => ({ api: { delete: vi.fn(), put: vi.fn() } }));

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
const LANES = { lista: [{ id: 5, name: 'Novo', color: '#f00' }, { id: 6, name: 'Feito', color: '#0f0' }] };
const card = (id, tags) => ({ id, uuid: `u${id}`, contact: { name: `C${id}`, number: '55' }, lastMessage: 'oi', channel: 'whatsapp', tags });

function mount() {
  const board = { tickets: [card(1, []), card(2, [{ id: 5 }])], hasMore: false };
  const fetcher = vi.fn(async (key) => (key === '/tag/kanban' ? LANES : board));
  return render(<MemoryRouter><SWRConfig value={{ provider: () => new Map(), fetcher }}><KanbanPage /></SWRConfig></MemoryRouter>);
}

const laneCards = (lane) => [...document.querySelectorAll(`[data-testid="kanban-lane"][data-lane="${lane}"] [data-testid="kanban-card"]`)]
  .map((c) => Number(c.dataset.id));

function drop(ticketId, lane) {
  const target = document.querySelector(`[data-testid="kanban-lane"][data-lane="${lane}"]`);
  const event = new Event('drop', { bubbles: true, cancelable: true });
  event.dataTransfer = { getData: () => String(ticketId) };
  return act(async () => { target.dispatchEvent(event); });
}

describe('KanbanPage', () => {
  let view;
  beforeEach(() => { api.delete.mockReset(); api.put.mockReset(); });
  afterEach(() => view?.unmount());

  it('shows the default lane and one per kanban tag with their cards', async () => {
    view = mount();
    await settle();
    expect(allByTestId('kanban-lane').map((l) => l.dataset.lane)).toEqual(['0', '5', '6']);
    expect(laneCards(0)).toEqual([1]);
    expect(laneCards(5)).toEqual([2]);
    expect(byTestId('kanban-add-lanes')).not.toBeNull();
  });

  it('moves a dragged card at once and calls remove then add', async () => {
    let finish;
    api.delete.mockImplementation(() => new Promise((resolve) => { finish = resolve; }));
    view = mount();
    await settle();
    await drop(2, 6);
    expect(laneCards(6)).toEqual([2]); // optimistic, before the server answered
    expect(api.delete).toHaveBeenCalledWith('/ticket-tags/2');
    await act(async () => finish());
    await settle();
    expect(api.put).toHaveBeenCalledWith('/ticket-tags/2/6');
  });

  it('puts the card back when the server refuses', async () => {
    api.delete.mockRejectedValue(new Error('no'));
    view = mount();
    await settle();
    await drop(2, 6);
    await settle();
    expect(laneCards(5)).toEqual([2]);
  });

  it('follows another viewer\'s move from the socket', async () => {
    view = mount();
    await settle();
    await act(async () => handlers.ticket({ action: 'update', ticket: { id: 1, status: 'open', tags: [{ id: 6 }] } }));
    expect(laneCards(6)).toEqual([1]);
    await act(async () => handlers.ticket({ action: 'update', ticket: { id: 1, status: 'closed', tags: [] } }));
    expect(laneCards(6)).toEqual([]);
  });
});
