import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allByTestId, render } from '../../../test/render';
import { fetcher } from '../../../services/api';
import { socket } from '../../../services/socket';
import FlowBuildersPage from './FlowBuildersPage';

// The real socket hooks run; only the socket itself is replaced, so the test sees which event
// the page subscribes to and can deliver frames to it.
const handlers = new Map();
vi.mock('../../../services/socket', () => ({
  socket: {
    onDrop: vi.fn(() => () => {}),
    subscribe: vi.fn((event, handler) => {
      handlers.set(event, handler);
      return () => handlers.delete(event);
    }),
  },
}));
vi.mock('../../auth/hooks/useAuth', () => ({ useAuth: () => ({ user: { id: 1, profile: 'admin', companyId: 7 } }) }));
vi.mock('../../../services/api', async (original) => ({ ...(await original()), fetcher: vi.fn() }));

const settle = () => act(async () => new Promise((resolve) => { setTimeout(resolve, 0); }));
const names = () => allByTestId('flow-row').map((row) => row.dataset.name);
const emit = (data) => act(() => handlers.get('company-7-flowbuilder')(data));
const flow = (id, name) => ({ id, name, active: true, updatedAt: '2026-11-28T10:00:00Z' });

describe('FlowBuildersPage, live', () => {
  let view;
  beforeEach(() => fetcher.mockResolvedValue({ flows: [flow(2, 'Vendas'), flow(1, 'Suporte')], hasMore: false }));
  afterEach(() => {
    view?.unmount();
    handlers.clear();
    vi.clearAllMocks();
  });

  it('follows the company flow events: created on top, renamed in place, duplicated, deleted gone', async () => {
    view = render(<MemoryRouter><FlowBuildersPage /></MemoryRouter>);
    await settle();
    expect(socket.subscribe).toHaveBeenCalledWith('company-7-flowbuilder', expect.any(Function));
    expect(names()).toEqual(['Vendas', 'Suporte']);

    await emit({ action: 'create', record: flow(3, 'Boas-vindas') });
    await emit({ action: 'update', record: flow(1, 'Suporte 24h') });
    await emit({ action: 'create', record: flow(4, 'Vendas - cópia') });
    await emit({ action: 'delete', id: 2 });
    expect(names()).toEqual(['Vendas - cópia', 'Boas-vindas', 'Suporte 24h']);

    // The engine's node frames travel on the same event and leave the list alone.
    await emit({ action: 'node', flowId: 3, nodeId: 'x' });
    expect(names()).toHaveLength(3);
  });

  it('stops listening when the page closes', async () => {
    view = render(<MemoryRouter><FlowBuildersPage /></MemoryRouter>);
    await settle();
    view.unmount();
    view = null;
    expect(handlers.has('company-7-flowbuilder')).toBe(false);
  });
});
