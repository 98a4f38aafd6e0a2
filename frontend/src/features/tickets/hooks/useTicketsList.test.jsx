import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listTickets } from '../api/ticketsApi';
import useTicketsList, { LOAD_DEBOUNCE } from './useTicketsList';

vi.mock('../api/ticketsApi', () => ({ listTickets: vi.fn() }));
vi.mock('../../../services/socket', () => ({
  socket: { joinTickets: vi.fn(), leaveTickets: vi.fn(), subscribe: vi.fn(() => () => {}) },
}));

globalThis.IS_REACT_ACT_ENVIRONMENT = true;
const rules = { companyId: 1, userId: 7, canSeeNoQueue: false };

/** Mounts one list; rerender(filters) changes its filters like typing or a filter click does. */
function mountList(filters, options) {
  const container = document.createElement('div');
  const root = createRoot(container);
  const state = {};
  function Probe({ value }) {
    Object.assign(state, useTicketsList(value, rules, options));
    return null;
  }
  const rerender = (value) => act(() => root.render(<Probe value={value} />));
  rerender(filters);
  return { state, rerender, unmount: () => act(() => root.unmount()) };
}

describe('useTicketsList load debounce (spec/1 §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    listTickets.mockReset();
    listTickets.mockResolvedValue({ tickets: [{ id: 1, status: 'open', queueId: 1, userId: 7 }], hasMore: false, count: 1 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads once the filters have been quiet for 500 ms', async () => {
    const list = mountList({ status: 'open', queueIds: [1] });
    expect(LOAD_DEBOUNCE).toBe(500);
    expect(list.state.loading).toBe(true);
    await act(async () => vi.advanceTimersByTime(LOAD_DEBOUNCE - 1));
    expect(listTickets).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(listTickets).toHaveBeenCalledTimes(1);
    expect(list.state.loading).toBe(false);
    expect(list.state.count).toBe(1);
    list.unmount();
  });

  it('sends one request for a burst of typing and filter changes: the last one', async () => {
    const list = mountList({ status: undefined, searchParam: 'ana', queueIds: [1] });
    for (const [searchParam, queueIds] of [['ana ', [1]], ['ana p', [1]], ['ana pa', [1, 2]], ['ana paula', [1, 2]]]) {
      await act(async () => vi.advanceTimersByTime(200));
      list.rerender({ status: undefined, searchParam, queueIds });
    }
    expect(listTickets).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(LOAD_DEBOUNCE));
    expect(listTickets).toHaveBeenCalledTimes(1);
    expect(listTickets.mock.calls[0][0]).toMatchObject({ searchParam: 'ana paula', queueIds: [1, 2], pageNumber: 1 });
    list.unmount();
  });

  it('loads nothing while disabled', async () => {
    const list = mountList({ status: 'closed', queueIds: [] }, { enabled: false });
    await act(async () => vi.advanceTimersByTime(LOAD_DEBOUNCE * 2));
    expect(listTickets).not.toHaveBeenCalled();
    expect(list.state.loading).toBe(false);
    list.unmount();
  });
});
