import { describe, expect, it } from 'vitest';
import {
  canSubmit, contactIdParam, dialogTitle, eventOf, mediaAction, movedPayload, scheduleToForm, schedulePayload,
  sendAtForClick, toLocalInput, validateSchedule,
} from './scheduleForm';

const now = new Date(2026, 10, 25, 14, 20); // local time
const maria = { id: 7, name: 'Maria' };

describe('schedule dialog defaults (spec/3 §9)', () => {
  it('starts one hour ahead, ticket opened closed, days, no repetition, one send, any day', () => {
    expect(scheduleToForm(null, { now, contact: maria })).toEqual({
      body: '', contact: maria, sendAt: '2026-11-25T15:20', whatsappId: '', openTicket: true, ticketUserId: '', queueId: '',
      statusTicket: 'closed', intervalo: 1, valorIntervalo: 0, enviarQuantasVezes: 1, tipoDias: 4, assinar: false,
    });
  });

  it('opened from a ticket keeps its connection', () => {
    expect(scheduleToForm(null, { now, contact: maria, whatsappId: 3 }).whatsappId).toBe(3);
  });

  it('loads a record, openTicket as the server writes it', () => {
    const form = scheduleToForm({ id: 1, body: 'Olá Maria', contactId: 7, contact: { name: 'Maria' }, sendAt: now.toISOString(),
      openTicket: 'disabled', statusTicket: 'open', intervalo: 3, valorIntervalo: 1, enviarQuantasVezes: 12, tipoDias: 6, assinar: true,
      whatsappId: null, queueId: 2 });
    expect(form).toMatchObject({ contact: { id: 7, name: 'Maria' }, sendAt: '2026-11-25T14:20', openTicket: false, statusTicket: 'open',
      intervalo: 3, valorIntervalo: 1, enviarQuantasVezes: 12, tipoDias: 6, assinar: true, whatsappId: '', queueId: 2 });
  });
});

describe('schedule validation (spec/3 §5)', () => {
  const ok = { body: 'Lembrete', contact: maria, sendAt: '2026-11-25T15:20', valorIntervalo: 0, enviarQuantasVezes: 1 };
  it('requires a body of at least 5 characters, a contact and a date', () => {
    expect(validateSchedule(ok)).toEqual({});
    expect(validateSchedule({ ...ok, body: '  ' })).toEqual({ body: 'validation.required' });
    expect(validateSchedule({ ...ok, body: ' oi! ' })).toEqual({ body: 'schedules.validation.bodyShort' });
    expect(validateSchedule({ ...ok, contact: null })).toEqual({ contact: 'validation.required' });
    expect(validateSchedule({ ...ok, sendAt: '' })).toEqual({ sendAt: 'validation.required' });
  });

  it('needs at least one send when it repeats', () => {
    expect(validateSchedule({ ...ok, valorIntervalo: 2, enviarQuantasVezes: 0 })).toEqual({ enviarQuantasVezes: 'schedules.validation.atLeastOne' });
    expect(validateSchedule({ ...ok, valorIntervalo: -1 })).toEqual({ valorIntervalo: 'schedules.validation.notNegative' });
  });

  it('takes png, jpg and jpeg only', () => {
    expect(validateSchedule(ok, { file: { name: 'a.png', type: 'image/png' } })).toEqual({});
    expect(validateSchedule(ok, { file: { name: 'a.JPG', type: '' } })).toEqual({});
    expect(validateSchedule(ok, { file: { name: 'a.pdf', type: 'application/pdf' } })).toEqual({ file: 'schedules.validation.fileType' });
    expect(validateSchedule(ok, { file: { name: 'a.gif', type: 'image/gif' } })).toEqual({ file: 'schedules.validation.fileType' });
  });
});

describe('schedule payload', () => {
  it('sends an instant, enabled/disabled, ids or null, and one send without repetition', () => {
    const p = schedulePayload({ ...scheduleToForm(null, { now, contact: maria }), body: ' Lembrete ', enviarQuantasVezes: 9, queueId: '4' });
    expect(p).toEqual({ body: 'Lembrete', contactId: 7, sendAt: new Date(2026, 10, 25, 15, 20).toISOString(), whatsappId: null,
      openTicket: 'enabled', ticketUserId: null, queueId: 4, statusTicket: 'closed', intervalo: 1, valorIntervalo: 0,
      enviarQuantasVezes: 1, tipoDias: 4, assinar: false });
  });

  it('without a ticket there is no queue, user or signature', () => {
    const p = schedulePayload({ ...scheduleToForm(null, { now, contact: maria }), body: 'Lembrete', openTicket: false, queueId: 4,
      ticketUserId: 2, assinar: true, valorIntervalo: '2', enviarQuantasVezes: '5', intervalo: '4' });
    expect(p).toMatchObject({ openTicket: 'disabled', queueId: null, ticketUserId: null, assinar: false, valorIntervalo: 2,
      enviarQuantasVezes: 5, intervalo: 4 });
  });
});

describe('schedule dialog states (spec/3 §4)', () => {
  it("titles 'Erro de Envio' on error, else the status", () => {
    expect(dialogTitle({ status: 'ERRO' })).toEqual({ key: 'schedules.modal.errorTitle' });
    expect(dialogTitle({ status: 'ENVIADA' })).toEqual({ key: 'schedules.modal.title', status: 'ENVIADA' });
    expect(dialogTitle(null)).toEqual({ key: 'schedules.modal.title', status: 'PENDENTE' });
  });

  it('hides submit once sentAt is set', () => {
    expect(canSubmit(null)).toBe(true);
    expect(canSubmit({ status: 'ERRO', sentAt: null })).toBe(true);
    expect(canSubmit({ status: 'ENVIADA', sentAt: '2026-11-25T10:00:00Z' })).toBe(false);
  });
});

describe('calendar', () => {
  it('a day click keeps the default hour; a time slot is taken as clicked', () => {
    const day = new Date(2026, 11, 3);
    expect(toLocalInput(sendAtForClick(day, true, now))).toBe('2026-12-03T15:20');
    expect(toLocalInput(sendAtForClick(new Date(2026, 11, 3, 9, 30), false, now))).toBe('2026-12-03T09:30');
  });

  it('events: titled by contact, coloured by status, draggable until sent', () => {
    const e = eventOf({ id: 5, body: 'Lembrete', contact: { name: 'Maria' }, sendAt: '2026-11-25T13:00:00Z', status: 'PENDENTE' });
    expect(e).toMatchObject({ id: '5', title: 'Maria: Lembrete', start: '2026-11-25T13:00:00Z', editable: true });
    expect(eventOf({ id: 6, body: 'x', sendAt: 'z', status: 'ENVIADA', sentAt: 'y' }).editable).toBe(false);
    expect(eventOf({ id: 7, body: 'x', sendAt: 'z', status: 'AGENDADA' }).editable).toBe(false);
    expect(movedPayload(new Date(Date.UTC(2026, 10, 26, 13)))).toEqual({ sendAt: '2026-11-26T13:00:00.000Z' });
  });

  it('reads ?contactId=', () => {
    expect(contactIdParam('?contactId=12')).toBe(12);
    expect(contactIdParam('?contactId=abc')).toBe(null);
    expect(contactIdParam('')).toBe(null);
  });

  it('uploads a chosen image and deletes a removed one', () => {
    expect(mediaAction({ file: {}, removed: false, hadMedia: false })).toBe('upload');
    expect(mediaAction({ file: null, removed: true, hadMedia: true })).toBe('delete');
    expect(mediaAction({ file: null, removed: false, hadMedia: true })).toBe('none');
  });
});
