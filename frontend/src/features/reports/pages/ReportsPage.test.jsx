import { act } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { allByTestId, byTestId, click, render } from '../../../test/render';
import ReportsPage from './ReportsPage';

vi.mock('../../auth/hooks/useAuth', () => ({ useAuth: () => ({ user: { id: 1, companyId: 7, profile: 'admin' } }) }));

const type = (input, value) => act(() => {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
});
const settle = (ms = 10) => act(async () => new Promise((resolve) => setTimeout(resolve, ms)));

const ROW = {
  id: 42, uuid: 'u-42', whatsappName: 'Loja', contactName: 'Maria', userName: 'Ana', queueName: 'Vendas', status: 'closed',
  lastMessage: 'Obrigada', createdAt: '2026-11-02T10:00:00Z', closedAt: '2026-11-02T10:20:00Z', supportTime: 900, NPS: 9,
};

function mount() {
  const calls = [];
  const fetcher = vi.fn(async (key) => {
    if (Array.isArray(key)) {
      calls.push(key[1]);
      return { tickets: [ROW], totalTickets: { total: 31, capped: false }, hasMore: true };
    }
    if (key === '/queue') return [{ id: 3, name: 'Vendas' }];
    return [];
  });
  const view = render(
    <MemoryRouter initialEntries={['/reports']}>
      <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>
        <Routes>
          <Route path="/reports" element={<ReportsPage />} />
          <Route path="/tickets/:id" element={<div data-testid="ticket-opened" />} />
        </Routes>
      </SWRConfig>
    </MemoryRouter>,
  );
  return { view, calls };
}

describe('ReportsPage', () => {
  let view;
  afterEach(() => view?.unmount());

  it('shows rows with support time and NPS, month-to-date, page size 10', async () => {
    const m = mount();
    view = m.view;
    await settle();
    const rows = allByTestId('reports-row');
    expect(rows).toHaveLength(1);
    expect(rows[0].textContent).toContain('Maria');
    expect(byTestId('reports-support-time').textContent).toBe('0:15:00');
    expect(byTestId('reports-nps').textContent).toBe('9');
    const first = m.calls[0];
    expect(first.page).toBe(1);
    expect(first.pageSize).toBe(10);
    expect(first.dateFrom).toMatch(/-01$/);
    expect(byTestId('reports-pagination').textContent).toContain('31');
  });

  it('filters by contact only from 3 characters', async () => {
    const m = mount();
    view = m.view;
    await settle();
    await type(byTestId('reports-search'), 'ma');
    await settle(600);
    expect(m.calls.every((p) => p.searchParam === undefined)).toBe(true);
    await type(byTestId('reports-search'), 'mar');
    await settle(600);
    expect(m.calls.at(-1).searchParam).toBe('mar');
    expect(m.calls.at(-1).page).toBe(1);
  });

  it('goes to the next page and opens a ticket', async () => {
    const m = mount();
    view = m.view;
    await settle();
    await click(document.querySelector('[data-testid="reports-pagination"] button[aria-label="Go to next page"]'));
    await settle();
    expect(m.calls.at(-1).page).toBe(2);
    await click(byTestId('reports-open'));
    expect(byTestId('ticket-opened')).not.toBeNull();
  });
});
