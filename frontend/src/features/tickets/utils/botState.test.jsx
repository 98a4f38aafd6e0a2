import { afterEach, describe, expect, it, vi } from 'vitest';
import { byTestId, render } from '../../../test/render';
import i18n from '../../../i18n';
import MessageBubble from '../../messages/components/MessageBubble';
import { isAutomaticMessage } from '../../messages/utils/messageRules';
import { stripMarkup } from '../../messages/utils/whatsappMarkup';
import TicketListItem from '../components/TicketListItem';
import { botConnectionIdsOf, botStage } from './botState';
import { messageLine } from './exportPdf';
import { lastMessagePreview } from './format';

const bots = botConnectionIdsOf([{ id: 1, queues: [{ id: 9 }] }, { id: 2, queues: [] }, { id: 3, queueIds: [4] }]);
const pending = (over = {}) => ({ id: 5, status: 'pending', userId: null, queueId: null, whatsappId: 1, isBot: true, isGroup: false, ...over });

describe('the bot holds a ticket', () => {
  it('knows the connections where the queue menu runs', () => {
    expect([...bots].sort()).toEqual([1, 3]);
    expect(botConnectionIdsOf(undefined).size).toBe(0);
  });

  it('while it shows the queue menu, walks an option tree, asks LGPD consent or a rating', () => {
    expect(botStage(pending(), bots)).toBe('menu');
    expect(botStage(pending({ whatsappId: undefined, whatsapp: { id: 3 } }), bots)).toBe('menu');
    expect(botStage(pending({ queueId: 9, chatbotOptionId: 12 }), bots)).toBe('menu');
    expect(botStage({ status: 'lgpd', whatsappId: 2 }, bots)).toBe('lgpd');
    expect(botStage({ status: 'nps', userId: 7, queueId: 9 }, bots)).toBe('nps');
  });

  it('not once an attendant, a queue without options, a connection without queues or a group has it', () => {
    expect(botStage(pending({ whatsappId: 2 }), bots)).toBeNull(); // no queues: nobody to choose
    expect(botStage(pending({ queueId: 9 }), bots)).toBeNull(); // waiting in the queue
    expect(botStage(pending({ queueId: 9, chatbotOptionId: 12, isBot: false }), bots)).toBeNull();
    expect(botStage(pending({ userId: 7 }), bots)).toBeNull();
    expect(botStage(pending({ isGroup: true }), bots)).toBeNull();
    expect(botStage({ ...pending(), status: 'open', userId: 7 }, bots)).toBeNull();
    expect(botStage({ ...pending(), status: 'closed' }, bots)).toBeNull();
    expect(botStage(pending(), undefined)).toBeNull();
    expect(botStage(null, bots)).toBeNull();
  });

  it('says so in every language', () => {
    expect(['pt', 'en', 'es', 'tr'].map((lng) => i18n.getFixedT(lng)('tickets.bot.inBot'))).toEqual(['No bot', 'In bot', 'En el bot', 'Botta']);
  });
});

describe('automatic messages as the customer saw them', () => {
  const bot = { id: 1, fromMe: true, userId: null, body: '\u200E*Olá!* Escolha:\n[1] - Vendas', createdAt: '2026-01-01T10:00:00Z', ack: 3 };

  it('are told apart from attendants\' messages and notes', () => {
    expect(isAutomaticMessage(bot)).toBe(true);
    expect(isAutomaticMessage({ ...bot, userId: 4 })).toBe(false);
    expect(isAutomaticMessage({ ...bot, fromMe: false })).toBe(false);
    expect(isAutomaticMessage({ ...bot, isPrivate: true })).toBe(false);
    expect(isAutomaticMessage({ ...bot, mediaType: 'reactionMessage' })).toBe(false);
  });

  it('lose the invisible echo marker only where it could show: previews and the PDF', () => {
    expect(stripMarkup(bot.body)).toBe('Olá! Escolha:\n[1] - Vendas');
    expect(lastMessagePreview('\u200E[1] - Vendas').text).toBe('[1] - Vendas');
    const line = messageLine(bot, { contactName: 'Ana', you: 'Atendente', deleted: 'x', media: 'm' });
    expect(line).not.toMatch(/\u200E/);
    expect(line.endsWith('Atendente: *Olá!* Escolha:\n[1] - Vendas')).toBe(true);
  });

  let view;
  afterEach(() => view?.unmount());

  it('show a subtle bot mark and the text as sent', () => {
    view = render(<MessageBubble message={bot} contactName="Ana" userId={4} selectedIds={new Set()} onReply={vi.fn()} />);
    expect(byTestId('message-bot-mark').textContent).toBe('Automática');
    expect(byTestId('message-body').textContent).toBe('\u200EOlá! Escolha:\n[1] - Vendas');
    expect(byTestId('message-body').querySelector('strong').textContent).toBe('Olá!');
    view.unmount();
    view = render(<MessageBubble message={{ ...bot, userId: 4 }} contactName="Ana" userId={4} />);
    expect(byTestId('message-bot-mark')).toBeNull();
  });
});

describe('ticket list item', () => {
  let view;
  afterEach(() => view?.unmount());

  it('shows the in-bot chip and the LGPD and rating labels', () => {
    view = render(<TicketListItem ticket={{ ...pending(), contact: { name: 'Ana' }, lastMessage: '\u200E[1] - Vendas' }} botStage="menu" onSelect={vi.fn()} />);
    expect(byTestId('ticket-bot-tag').dataset.stage).toBe('menu');
    expect(byTestId('ticket-bot-tag').textContent).toBe('No bot');
    expect(byTestId('ticket-last-message').textContent).toBe('[1] - Vendas');
    expect(byTestId('ticket-status-tag')).toBeNull();
    view.unmount();
    view = render(<TicketListItem ticket={{ id: 6, status: 'lgpd', contact: { name: 'Bia' } }} botStage="lgpd" onSelect={vi.fn()} />);
    expect(byTestId('ticket-queue-tag').textContent).toBe('LGPD');
    expect(byTestId('ticket-bot-tag').dataset.stage).toBe('lgpd');
    view.unmount();
    view = render(<TicketListItem ticket={{ id: 7, status: 'nps', queue: { name: 'Vendas', color: '#f00' }, contact: { name: 'Caio' } }} botStage="nps" onSelect={vi.fn()} />);
    expect(byTestId('ticket-status-tag').textContent).toBe('Avaliação');
    expect(byTestId('ticket-queue-tag').textContent).toBe('Vendas');
    view.unmount();
    view = render(<TicketListItem ticket={{ id: 8, status: 'pending', queueId: 2, contact: { name: 'Duda' } }} botStage={null} onSelect={vi.fn()} />);
    expect(byTestId('ticket-bot-tag')).toBeNull();
  });
});
