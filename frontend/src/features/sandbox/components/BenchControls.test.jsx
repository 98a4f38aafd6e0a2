import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allByTestId, byTestId, click, render } from '../../../test/render';
import { fetchOutbound, sendInbound, setClock } from '../api/sandboxApi';
import { conversation } from '../api/conversation';
import ClockControl from './ClockControl';
import ChatView from './ChatView';
import QuickReplies from './QuickReplies';
import SimulateDock, { DOCK_KEY, DockButton } from './SimulateDock';

const auth = vi.hoisted(() => ({ user: { id: 1, profile: 'admin' } }));
vi.mock('../../auth/hooks/useAuth', () => ({ useAuth: () => auth }));
vi.mock('../api/sandboxApi', async (original) => ({ ...(await original()), setClock: vi.fn(), fetchOutbound: vi.fn(), sendInbound: vi.fn() }));

const responses = {};
function mount(element) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), fetcher: async (key) => responses[key], dedupingInterval: 0 }}>
      <MemoryRouter>{element}</MemoryRouter>
    </SWRConfig>,
  );
}
const settle = () => act(async () => { await new Promise((r) => setTimeout(r, 0)); });

describe('pretend-time control', () => {
  let view;
  beforeEach(() => {
    auth.user = { id: 1, profile: 'admin' };
    setClock.mockReset();
    responses['/sandbox/7/clock'] = { clockOffset: 0, at: null, timezone: 'America/Sao_Paulo' };
    responses['/setting/scheduleType'] = { key: 'scheduleType', value: 'connection' };
  });
  afterEach(() => view?.unmount());

  it('shows the real clock, sets a preset as a wall time of the company zone and badges the shift', async () => {
    view = mount(<ClockControl connectionId={7} />);
    await settle();
    const badge = byTestId('simulate-clock-badge');
    expect(badge.dataset.shifted).toBe('false');
    expect(badge.textContent).toBe('Hora real');
    await click(byTestId('simulate-clock'));
    expect(byTestId('simulate-hours').dataset.mode).toBe('connection');
    expect(byTestId('simulate-hours-link').getAttribute('href')).toBe('/connections?edit=7&tab=schedules');

    setClock.mockResolvedValue({ clockOffset: 3 * 86400, at: '2026-11-28T22:00:00-03:00', timezone: 'America/Sao_Paulo' });
    await click(byTestId('simulate-clock-preset-saturday22'));
    expect(setClock).toHaveBeenCalledWith(7, expect.stringMatching(/^\d{4}-\d{2}-\d{2}T22:00$/));
    await settle();
    expect(byTestId('simulate-clock-badge').dataset.shifted).toBe('true');

    setClock.mockResolvedValue({ clockOffset: 0, at: null, timezone: 'America/Sao_Paulo' });
    await click(byTestId('simulate-clock'));
    expect(byTestId('simulate-clock-shifted')).not.toBeNull();
    await click(byTestId('simulate-clock-preset-real'));
    expect(setClock).toHaveBeenLastCalledWith(7, null);
    await settle();
    expect(byTestId('simulate-clock-badge').dataset.shifted).toBe('false');
  });

  it('lets only connection managers change it', async () => {
    auth.user = { id: 2, profile: 'user', allowConnections: 'disabled' };
    responses['/setting/scheduleType'] = { key: 'scheduleType', value: '' };
    view = mount(<ClockControl connectionId={7} />);
    await settle();
    await click(byTestId('simulate-clock'));
    expect(byTestId('simulate-clock-preset-real')).toBeNull();
    expect(byTestId('simulate-clock-menu').textContent).toContain('Só quem administra conexões muda o relógio.');
    expect(byTestId('simulate-hours').dataset.mode).toBe('off');
    expect(byTestId('simulate-hours-link')).toBeNull();
  });
});

describe('quick answer chips', () => {
  let view;
  afterEach(() => view?.unmount());

  it('offer the last menu\'s options and send the one clicked', async () => {
    const onPick = vi.fn();
    const timeline = conversation([], [{ id: 1, createdAt: '2026-01-01T10:00:00Z', body: '\u200EOlá!\n[1] - Vendas\n[2] - Suporte\n[Sair] - Encerrar', ack: 3 }]);
    view = mount(<QuickReplies timeline={timeline} onPick={onPick} />);
    expect(byTestId('simulate-quick').dataset.kind).toBe('menu');
    expect(allByTestId('simulate-chip').map((c) => c.dataset.value)).toEqual(['1', '2', 'sair']);
    expect(allByTestId('simulate-chip')[0].textContent).toBe('1 · Vendas');
    await click(allByTestId('simulate-chip')[1]);
    expect(onPick).toHaveBeenCalledWith('2');
    await click(byTestId('simulate-quick-more'));
    await click(byTestId('simulate-quick-rating-9'));
    expect(onPick).toHaveBeenLastCalledWith('9');
  });

  it('start with a greeting', async () => {
    const onPick = vi.fn();
    view = mount(<QuickReplies timeline={[]} onPick={onPick} />);
    expect(byTestId('simulate-quick').dataset.kind).toBe('start');
    await click(byTestId('simulate-chip'));
    expect(onPick).toHaveBeenCalledWith('Olá');
  });
});

describe('panel docked beside the inbox', () => {
  let view;
  afterEach(() => {
    view?.unmount();
    localStorage.clear();
  });

  it('docks a connection, shows its panel at the inbox side and closes', async () => {
    responses['/sandbox/7/clock'] = { clockOffset: 0, at: null, timezone: 'America/Sao_Paulo' };
    view = mount(<><DockButton connection={{ id: 7, name: 'Teste' }} /><SimulateDock /></>);
    expect(byTestId('simulate-dock')).toBeNull();
    await click(byTestId('simulate-dock-open'));
    expect(JSON.parse(localStorage.getItem(DOCK_KEY))).toEqual({ id: 7, name: 'Teste' });
    view.unmount();
    view = mount(<SimulateDock />);
    await settle();
    expect(byTestId('simulate-dock').dataset.connectionId).toBe('7');
    expect(byTestId('simulate-connection-name').textContent).toBe('Simulação · Teste');
    await click(byTestId('simulate-dock-close'));
    expect(byTestId('simulate-dock')).toBeNull();
    expect(localStorage.getItem(DOCK_KEY)).toBe('null');
  });
});

describe('playing the customer through a bot menu', () => {
  let view;
  afterEach(() => {
    view?.unmount();
    localStorage.clear();
  });

  it('shows the bot\'s menu as delivered and answers it with a chip, in server order', async () => {
    const menu = { id: 11, ack: 3, kind: 'text', createdAt: '2026-01-01T10:00:01Z', body: '\u200EOlá!\n[1] - Vendas\n[2] - Suporte\n[Sair] - Encerrar' };
    fetchOutbound.mockResolvedValue({ messages: [menu] });
    sendInbound.mockResolvedValue({ eventId: 1, duplicate: false, receivedAt: '2026-01-01T10:00:05Z' });
    view = mount(<ChatView connectionId={7} customer={{ number: '5511999990001', name: 'Maria' }} onChangeCustomer={vi.fn()} />);
    await settle();
    expect(fetchOutbound).toHaveBeenCalledWith(7, { number: '5511999990001', after: 0, inboundAfter: 0 });
    const bodies = () => allByTestId('simulate-message-body').map((b) => b.textContent);
    expect(bodies()).toEqual(['\u200EOlá!\n[1] - Vendas\n[2] - Suporte\n[Sair] - Encerrar']);
    expect(allByTestId('simulate-chip').map((c) => c.dataset.value)).toEqual(['1', '2', 'sair']);
    await click(allByTestId('simulate-chip').find((c) => c.dataset.value === '2'));
    await settle();
    expect(sendInbound).toHaveBeenCalledWith(7, expect.objectContaining({ number: '5511999990001', name: 'Maria', body: '2' }));
    const messages = allByTestId('simulate-message');
    expect(messages.map((m) => m.dataset.from)).toEqual(['atende', 'customer']);
    expect(messages[1].querySelector('[data-testid="simulate-send-state"]').dataset.state).toBe('sent');
  });
});
