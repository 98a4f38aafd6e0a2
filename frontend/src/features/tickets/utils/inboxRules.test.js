import { describe, expect, it } from 'vitest';
import { ticketListParams } from '../api/ticketsApi';
import { transferBody } from '../components/TransferTicketModal';
import { noteError } from '../components/TicketNotes';
import { shouldNotify } from './bell';
import { takenStatus } from '../components/TicketHeader';
import { clampWidth } from '../pages/TicketsPage';
import { messageLine, pdfFileName } from './exportPdf';

describe('GET /tickets params', () => {
  it('sends array filters as JSON array texts', () => {
    const params = ticketListParams({ status: 'open', queueIds: [1, '2'], tags: [5], users: [], whatsappIds: [3], showAll: true, sortTickets: 'ASC' });
    expect(params).toMatchObject({ status: 'open', pageNumber: 1, queueIds: '[1,2]', tags: '[5]', whatsappIds: '[3]', showAll: 'true', sortTickets: 'ASC' });
    expect(params.users).toBeUndefined();
    expect(ticketListParams({ searchParam: 'ana', searchOnMessages: true }).searchOnMessages).toBe('true');
    expect(ticketListParams({}).queueIds).toBe('[]');
  });
});

describe('transfer', () => {
  it('opens the ticket for a chosen user, else returns it to pending', () => {
    expect(transferBody({ queueId: 2, userId: 7, message: 'Segue' })).toEqual({
      queueId: 2, userId: 7, status: 'open', isTransfered: true, msgTransfer: 'Segue',
    });
    expect(transferBody({ queueId: 2, userId: '' })).toEqual({ queueId: 2, userId: null, status: 'pending', isTransfered: true, msgTransfer: '' });
  });
  it('keeps groups in the group status when taken', () => {
    expect(takenStatus({ isGroup: true })).toBe('group');
    expect(takenStatus({ isGroup: false })).toBe('open');
  });
});

describe('form rules', () => {
  it('requires notes of at least 2 characters', () => {
    expect(noteError('')).toBe('tickets.notes.required');
    expect(noteError(' a ')).toBe('tickets.notes.tooShort');
    expect(noteError('ok')).toBeNull();
  });
  it('keeps the list width between 404 and 700', () => {
    expect(clampWidth(300)).toBe(404);
    expect(clampWidth(550.4)).toBe(550);
    expect(clampWidth(900)).toBe(700);
  });
});

describe('notifications', () => {
  const me = { id: 7, profile: 'user', queues: [{ id: 1 }], allTicket: 'disable', allowGroup: false };
  it('notifies my tickets and unassigned ones of my queues', () => {
    expect(shouldNotify({ userId: 7, queueId: 1, status: 'open' }, me)).toBe(true);
    expect(shouldNotify({ userId: 7, queueId: 9, status: 'open' }, me)).toBe(false); // not in my lists either
    expect(shouldNotify({ userId: null, queueId: 1, status: 'pending' }, me)).toBe(true);
    expect(shouldNotify({ userId: 8, queueId: 1, status: 'open' }, me)).toBe(false);
    expect(shouldNotify({ userId: null, queueId: 2, status: 'pending' }, me)).toBe(false);
  });
  it('follows allTicket, allowGroup and showNotificationPending', () => {
    expect(shouldNotify({ userId: null, queueId: null, status: 'pending' }, me)).toBe(false);
    expect(shouldNotify({ userId: null, queueId: null, status: 'pending' }, { ...me, allTicket: 'enable' })).toBe(true);
    expect(shouldNotify({ userId: null, queueId: 1, status: 'group', isGroup: true }, me)).toBe(false);
    expect(shouldNotify({ userId: null, queueId: 1, status: 'pending' }, me, { showPending: false })).toBe(false);
  });
});

describe('PDF export', () => {
  it('names the file and writes one line per message', () => {
    expect(pdfFileName(42)).toBe('relatório_atendimento_42.pdf');
    const labels = { contactName: 'Ana', you: 'Atendente', deleted: 'Essa mensagem foi apagada', media: 'Mídia' };
    const at = new Date(2025, 0, 2, 9, 5).toISOString();
    expect(messageLine({ fromMe: false, body: 'Oi', createdAt: at }, labels)).toBe('[02/01/2025 09:05] Ana: Oi');
    expect(messageLine({ fromMe: true, body: '', mediaType: 'image', mediaName: 'a.png', createdAt: at }, labels)).toBe('[02/01/2025 09:05] Atendente: [a.png]');
    expect(messageLine({ fromMe: true, body: 'x', isDeleted: true, createdAt: at }, labels)).toContain('Essa mensagem foi apagada');
  });
});

