import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allByTestId, byTestId, click, render } from '../../../test/render';
import { fetchOutbound, sendInbound } from '../api/sandboxApi';
import ChatView from './ChatView';

vi.mock('../api/sandboxApi', async (original) => ({ ...(await original()), fetchOutbound: vi.fn(), sendInbound: vi.fn() }));

const MARIA = { number: '5511999990001', name: 'Maria' };
const mount = (element) => render(<MemoryRouter>{element}</MemoryRouter>);
// Polls run on fake timers: a second passes when the test says so.
const advance = (ms) => act(async () => { await vi.advanceTimersByTimeAsync(ms); });
const bodies = (root = document.body) => [...root.querySelectorAll('[data-testid="simulate-message-body"]')].map((b) => b.textContent);
const type = (input, value) => act(() => {
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value').set.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
});

/** A pretend server: GET outbound answers what was delivered and what the customer posted (stored by id). */
function fakeServer(delivered = []) {
  const inbound = [];
  sendInbound.mockImplementation(async (_, { id, body }) => {
    const createdAt = new Date().toISOString();
    inbound.push({ id: inbound.length + 1, providerId: id, kind: 'chat', body, mediaName: '', mediaUrl: '', createdAt });
    return { eventId: inbound.length, duplicate: false, receivedAt: createdAt };
  });
  fetchOutbound.mockImplementation(async (_, { after, inboundAfter }) => ({
    messages: delivered.filter((m) => m.id > after),
    ...(inboundAfter === undefined ? {} : { inbound: inbound.filter((m) => m.id > inboundAfter) }),
  }));
  return inbound;
}

// The bot's queue menu as the sandbox channel records it for chatBotType list or button:
// the numbered text, and its choices read back (pkg/channel/sandbox menu.go).
const menuText = '\u200EOlá!\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte\n*[ Sair ]* - Encerrar atendimento';
const choices = [{ id: '1', title: 'Vendas' }, { id: '2', title: 'Suporte' }, { id: 'Sair', title: 'Encerrar atendimento' }];
const delivery = (style) => ({ id: 11, ack: 3, kind: style, createdAt: '2026-01-01T10:00:01Z', body: menuText, menu: { style, text: '\u200EOlá!', choices } });

describe('a bot menu sent as a list or buttons', () => {
  let view;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    view?.unmount();
    vi.useRealTimers();
  });

  it('shows reply buttons, not the numbered text, and a tap answers the choice\'s id', async () => {
    fakeServer([delivery('button')]);
    view = mount(<ChatView connectionId={7} customer={MARIA} onChangeCustomer={vi.fn()} />);
    await advance(0);
    expect(byTestId('simulate-menu').dataset.style).toBe('button');
    expect(bodies()).toEqual(['\u200EOlá!']);
    const buttons = allByTestId('simulate-menu-button');
    expect(buttons.map((b) => [b.dataset.value, b.textContent])).toEqual([['1', 'Vendas'], ['2', 'Suporte'], ['Sair', 'Encerrar atendimento']]);
    expect(allByTestId('simulate-chip')).toEqual([]); // the bubble's buttons answer, not the chips
    await click(buttons[1]);
    expect(sendInbound).toHaveBeenLastCalledWith(7, expect.objectContaining({ number: MARIA.number, body: '2' }));
  });

  it('opens a list picker whose rows answer their ids', async () => {
    fakeServer([delivery('list')]);
    view = mount(<ChatView connectionId={7} customer={MARIA} onChangeCustomer={vi.fn()} />);
    await advance(0);
    expect(byTestId('simulate-menu').dataset.style).toBe('list');
    expect(byTestId('simulate-menu-row')).toBeNull();
    await click(byTestId('simulate-menu-open'));
    expect(byTestId('simulate-menu-open').textContent).toBe('Opções');
    const rows = allByTestId('simulate-menu-row');
    expect(rows.map((r) => r.textContent)).toEqual(['Vendas', 'Suporte', 'Encerrar atendimento']);
    await click(rows[2]);
    expect(sendInbound).toHaveBeenLastCalledWith(7, expect.objectContaining({ body: 'Sair' }));
  });

  it('says "choose an option" over a menu without a greeting', async () => {
    fakeServer([{ ...delivery('button'), menu: { style: 'button', text: '', choices } }]);
    view = mount(<ChatView connectionId={7} customer={MARIA} onChangeCustomer={vi.fn()} />);
    await advance(0);
    expect(bodies()).toEqual(['Escolha uma opção:']);
  });
});

describe('two panels on the same customer', () => {
  let view;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    view?.unmount();
    vi.useRealTimers();
  });

  it('both show the whole conversation, whichever panel the customer typed in', async () => {
    const inbound = fakeServer([{ id: 3, ack: 3, kind: 'text', createdAt: '2000-01-01T00:00:00Z', body: 'Bem-vinda!' }]);
    view = mount(
      <>
        <div data-testid="panel-a"><ChatView connectionId={7} customer={MARIA} onChangeCustomer={vi.fn()} /></div>
        <div data-testid="panel-b"><ChatView connectionId={7} customer={MARIA} onChangeCustomer={vi.fn()} /></div>
      </>,
    );
    await advance(0);
    const [a, b] = [byTestId('panel-a'), byTestId('panel-b')];
    const input = a.querySelector('[data-testid="simulate-input"]');
    await type(input, 'oi, sou a Maria');
    await click(a.querySelector('[data-testid="simulate-send"]'));
    expect(inbound.map((m) => m.body)).toEqual(['oi, sou a Maria']);
    await advance(1000); // the next poll of both panels
    expect(bodies(a)).toEqual(['Bem-vinda!', 'oi, sou a Maria']);
    expect(bodies(b)).toEqual(['Bem-vinda!', 'oi, sou a Maria']);

    // A script (or a third tab) writes too: both panels show it, once each.
    await act(async () => { await sendInbound(7, { id: 'SBXIN-script', number: MARIA.number, body: 'alguém aí?' }); });
    await advance(1000);
    expect(bodies(a)).toEqual(['Bem-vinda!', 'oi, sou a Maria', 'alguém aí?']);
    expect(bodies(b)).toEqual(['Bem-vinda!', 'oi, sou a Maria', 'alguém aí?']);
    expect([...b.querySelectorAll('[data-testid="simulate-message"]')].map((m) => m.dataset.from)).toEqual(['atende', 'customer', 'customer']);
  });

  it('a panel opened later shows what was said before it, from the server', async () => {
    const inbound = fakeServer();
    inbound.push({ id: 1, providerId: 'SBXIN-old', kind: 'chat', body: 'mensagem de ontem', createdAt: '2000-01-01T00:00:00Z' });
    view = mount(<ChatView connectionId={7} customer={MARIA} onChangeCustomer={vi.fn()} />);
    await advance(0);
    expect(bodies()).toEqual(['mensagem de ontem']);
  });
});
