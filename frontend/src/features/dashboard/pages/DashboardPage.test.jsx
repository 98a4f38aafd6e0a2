import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allByTestId, byTestId, click, render } from '../../../test/render';
import Allowed from '../../../routes/Allowed';
import { canSeeDashboard } from '../../../utils/permissions';
import DashboardPage from './DashboardPage';

const auth = vi.hoisted(() => ({ user: null }));
vi.mock('../../auth/hooks/useAuth', () => ({ useAuth: () => auth }));
vi.mock('@mui/x-charts/BarChart', () => ({
  BarChart: ({ xAxis, series }) => <div data-testid="bar-chart" data-labels={xAxis[0].data.join(',')} data-values={series[0].data.join(',')} />,
}));
const downloads = vi.hoisted(() => ({ downloadFile: vi.fn(() => Promise.resolve()) }));
vi.mock('../../contactLists/api/contactListsApi', () => downloads);

const counters = {
  supportHappening: 3, supportPending: 1, supportFinished: 3, supportGroups: 1, leads: 2, receivedMessages: 3, sentMessages: 2,
  avgSupportTime: 40.83, avgWaitTime: 25, activeTickets: 2, passiveTickets: 3, onlineUsers: 1, totalUsers: 4,
  npsScore: 25, npsPromotersPerc: 50, npsPassivePerc: 25, npsDetractorsPerc: 25, promoters: 2, neutrals: 1, detractors: 1,
  tickets: 6, waitRating: 1, withoutRating: 1, withRating: 4, percRating: 66.67,
};
const attendants = [
  { id: 1, name: 'Ana', rating: 8.33, countRating: 3, tickets: 3, avgWaitTime: 30, avgSupportTime: 60, online: true },
  { id: 2, name: 'Bruno', rating: null, countRating: 0, tickets: 0, avgWaitTime: null, avgSupportTime: null, online: false },
];
const calls = [];
async function fetcher(key) {
  calls.push(key);
  const [path] = Array.isArray(key) ? key : [key];
  if (path === '/dashboard') return { counters, attendants };
  if (path === '/dashboard/ticketsUsers') return { data: [{ id: 1, name: 'Ana', count: 3 }] };
  if (path === '/dashboard/ticketsDay') return { unit: 'day', data: [{ label: '2026-03-01', count: 0 }, { label: '2026-03-02', count: 5 }] };
  throw new Error(`unexpected ${path}`);
}
function mount() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={['/']}>
        <Allowed when={canSeeDashboard}><DashboardPage /></Allowed>
      </MemoryRouter>
    </SWRConfig>,
  );
}
const settle = () => act(async () => { await new Promise((r) => setTimeout(r, 0)); });
const text = (id) => byTestId(id)?.textContent;
function setDate(input, value) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  act(() => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('dashboard page', () => {
  let view;
  beforeEach(() => {
    calls.length = 0;
    downloads.downloadFile.mockClear();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-20T15:00:00Z'));
    auth.user = { id: 1, profile: 'admin', company: { id: 1, timezone: 'America/Sao_Paulo' } };
  });
  afterEach(() => {
    view?.unmount();
    vi.useRealTimers();
  });

  it('asks for the month so far and shows every indicator and NPS card', async () => {
    view = mount();
    await settle();
    expect(calls[0]).toEqual(['/dashboard', { date_from: '2026-03-01', date_to: '2026-03-20' }]);
    expect(text('dash-supportHappening-value')).toBe('3');
    expect(text('dash-attendants-value')).toBe('1/4');
    expect(text('dash-avgSupportTime-value')).toBe('0:41');
    expect(text('dash-avgWaitTime-value')).toBe('0:25');
    expect(text('dash-passiveTickets-value')).toBe('3');
    await click(byTestId('dash-tab-nps'));
    expect(text('nps-score-value')).toBe('25');
    expect(text('nps-promoters-value')).toBe('50% (2)');
    expect(text('nps-percRating-value')).toBe('66,67%');
    expect(text('nps-waitRating-value')).toBe('1');
  });

  it('shows "Parametrize o filtro" while a date is missing', async () => {
    view = mount();
    await settle();
    setDate(byTestId('dash-from'), '');
    await settle();
    expect(text('dash-need-filter')).toBe('Parametrize o filtro');
    expect(byTestId('dash-supportHappening')).toBeNull();
  });

  it('lists the attendants, draws both charts and exports with the filter', async () => {
    view = mount();
    await settle();
    await click(byTestId('dash-tab-attendants'));
    await settle();
    const rows = allByTestId('dash-attendant-row').map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent));
    expect(rows).toEqual([['Ana', '8,33', '3', '3', '0:30', '1:00', 'Online'], ['Bruno', '—', '0', '0', '—', '—', 'Offline']]);
    const charts = allByTestId('bar-chart');
    expect(charts.map((c) => [c.dataset.labels, c.dataset.values])).toEqual([['Ana', '3'], ['01/03,02/03', '0,5']]);
    await click(byTestId('dash-export'));
    expect(downloads.downloadFile).toHaveBeenCalledWith('/dashboard/attendants/export?date_from=2026-03-01&date_to=2026-03-20', 'atendentes-2026-03-01-2026-03-20.xlsx');
  });

  it('shows the 403 page to a user without showDashboard', async () => {
    auth.user = { id: 2, profile: 'user', showDashboard: 'disabled' };
    view = mount();
    await settle();
    expect(byTestId('dashboard')).toBeNull();
    expect(text('forbidden')).toContain('Oops! Acesso Negado!');
    expect(calls).toEqual([]);
    auth.user = { id: 2, profile: 'user', showDashboard: 'enabled' };
    view.unmount();
    view = mount();
    await settle();
    expect(byTestId('dashboard')).not.toBeNull();
  });
});
