import { describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import {
  CONNECTION_DEFAULTS, connectionPayload, connectionToForm, formErrors, importChanged, tabOf, toLocalDateTime, validateConnection,
} from './connectionForm';

const valid = { ...CONNECTION_DEFAULTS, name: 'Loja' };
const NOW = new Date(2025, 5, 15, 12, 0).getTime();
const DAY = 24 * 60 * 60 * 1000;
const local = (ms) => toLocalDateTime(new Date(ms));
const day = (ms) => local(ms).slice(0, 10);
const check = (values, options) => validateConnection({ ...valid, ...values }, { now: NOW, ...options });

describe('connection form', () => {
  it('starts with the spec defaults', () => {
    expect(connectionToForm(null)).toMatchObject({
      maxUseBotQueues: 3, maxUseBotQueuesNPS: 3, timeSendQueue: 0, expiresTicket: 0, expiresTicketNPS: 0, timeCreateNewTicket: 0,
      channel: 'whatsapp', isDefault: false, groupAsTicket: 'disabled', whenExpiresTicket: '0', importEnabled: false,
    });
    const { schedules } = connectionToForm(null);
    expect(schedules).toHaveLength(7);
    expect(schedules[0]).toEqual({ weekday: 'Segunda-feira', weekdayEn: 'monday', startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00' });
  });

  it('loads a connection with its queue ids, references and dates', () => {
    const form = connectionToForm({
      id: 4, name: 'Loja', channel: 'sandbox', queues: [{ id: 2 }, { id: 5 }], sendIdQueue: null, token: 'abc', timeSendQueue: 0,
      integrationId: 7, promptId: null, importOldMessages: new Date(NOW - DAY).toISOString(), collectiveVacationStart: '2025-07-01',
      schedules: [{ weekday: 'Sábado', weekdayEn: 'saturday', startTimeA: '09:00', endTimeA: '13:00', startTimeB: '', endTimeB: '' }],
    });
    expect(form).toMatchObject({
      name: 'Loja', channel: 'sandbox', queueIds: [2, 5], sendIdQueue: '', token: 'abc',
      regenerateToken: false, importEnabled: true, importOldMessages: local(NOW - DAY), collectiveVacationStart: '2025-07-01', accessToken: '',
    });
    expect(form.schedules[5]).toMatchObject({ weekdayEn: 'saturday', startTimeA: '09:00', startTimeB: '' });
    expect(form.schedules[0].startTimeA).toBe('08:00');
  });

  it('bounds the name to 2..50 with the spec texts', () => {
    expect(check({})).toEqual({});
    expect(check({ name: '' }).name).toBe('validation.required');
    expect(check({ name: 'L' }).name).toBe('validation.tooShort');
    expect(check({ name: 'L'.repeat(51) }).name).toBe('validation.tooLong');
    expect(i18n.t('validation.tooShort')).toBe('Muito curto!');
  });

  it('requires a redirect queue when timeSendQueue is above zero', () => {
    const errors = check({ timeSendQueue: '10', sendIdQueue: '' });
    expect(errors).toEqual({ sendIdQueue: 'connections.validation.sendIdQueue' });
    expect(i18n.t(errors.sendIdQueue)).toBe('Selecione a fila para redirecionar');
    expect(check({ timeSendQueue: '10', sendIdQueue: 3 })).toEqual({});
    expect(check({ timeSendQueue: 0, sendIdQueue: '' })).toEqual({});
  });

  it('with user rating on, wants a rating message and a non-zero rating expiry', () => {
    expect(check({}, { ratingRequired: true })).toEqual({ ratingMessage: 'validation.required', expiresTicketNPS: 'connections.validation.ratingExpiry' });
    expect(i18n.t('connections.validation.ratingExpiry')).toBe('Com a avaliação ativa, o tempo de expiração da avaliação não pode ser zero');
    expect(check({ ratingMessage: 'Nota de 1 a 5?', expiresTicketNPS: 10 }, { ratingRequired: true })).toEqual({});
    expect(check({ ratingMessage: '' }, { ratingRequired: false })).toEqual({});
  });

  it('wants whole non-negative numbers', () => {
    expect(check({ expiresTicket: '-1' }).expiresTicket).toBe('connections.validation.wholeNumber');
    expect(check({ maxUseBotQueues: '2.5' }).maxUseBotQueues).toBe('connections.validation.wholeNumber');
    expect(check({ maxUseBotQueuesNPS: 'x' }).maxUseBotQueuesNPS).toBe('connections.validation.wholeNumber');
    expect(check({ maxUseBotQueues: '' })).toEqual({});
  });

  it('keeps the import window within the last 2 years, start before end, nothing in the future', () => {
    const on = { importEnabled: true, importOldMessages: local(NOW - 30 * DAY), importRecentMessages: local(NOW - DAY) };
    expect(check(on)).toEqual({});
    expect(check({ ...on, importOldMessages: '' }).importOldMessages).toBe('validation.required');
    expect(check({ ...on, importOldMessages: local(NOW - 800 * DAY) }).importOldMessages).toBe('connections.validation.importStart');
    expect(check({ ...on, importOldMessages: local(NOW + DAY) }).importOldMessages).toBe('connections.validation.importStart');
    expect(check({ ...on, importRecentMessages: local(NOW + DAY) }).importRecentMessages).toBe('connections.validation.importEnd');
    expect(check({ ...on, importRecentMessages: local(NOW - 60 * DAY) }).importRecentMessages).toBe('connections.validation.importEnd');
    expect(i18n.t('connections.validation.importStart')).toBe('A data inicial da importação deve estar entre 2 anos atrás e agora');
    expect(check({ ...on, importEnabled: false, importOldMessages: local(NOW + DAY) })).toEqual({});
  });

  it('wants both vacation dates with a vacation message, none before 10 days ago', () => {
    expect(check({ collectiveVacationMessage: 'Férias!' })).toEqual({
      collectiveVacationStart: 'validation.required', collectiveVacationEnd: 'validation.required',
    });
    const ok = { collectiveVacationMessage: 'Férias!', collectiveVacationStart: day(NOW - 10 * DAY), collectiveVacationEnd: day(NOW + 20 * DAY) };
    expect(check(ok)).toEqual({});
    expect(check({ ...ok, collectiveVacationStart: day(NOW - 11 * DAY) }).collectiveVacationStart).toBe('connections.validation.vacationTooOld');
    expect(check({ ...ok, collectiveVacationEnd: day(NOW - 11 * DAY) }).collectiveVacationEnd).toBe('connections.validation.vacationTooOld');
    expect(check({ ...ok, collectiveVacationEnd: day(NOW - 5 * DAY), collectiveVacationStart: day(NOW) }).collectiveVacationEnd)
      .toBe('connections.validation.vacationOrder');
    expect(check({ collectiveVacationStart: day(NOW - 400 * DAY) })).toEqual({});
    // A past vacation saved earlier does not block other edits (the server checks only changed dates).
    const past = { ...ok, collectiveVacationStart: day(NOW - 40 * DAY), collectiveVacationEnd: day(NOW - 30 * DAY) };
    expect(check({ ...past, name: 'Outro nome' }, { stored: { ...valid, ...past } })).toEqual({});
    expect(check({ ...past, collectiveVacationEnd: day(NOW - 20 * DAY) }, { stored: { ...valid, ...past } }).collectiveVacationEnd)
      .toBe('connections.validation.vacationTooOld');
  });

  it('wants the greeting once the connection has more than one queue (its menu opens with it)', () => {
    expect(check({ queueIds: [2] })).toEqual({});
    expect(check({ queueIds: [2, 2] })).toEqual({});
    const errors = check({ queueIds: [2, 5] });
    expect(errors).toEqual({ greetingMessage: 'backendErrors.ERR_WAPP_GREETING_REQUIRED' });
    expect(check({ queueIds: [2, 5], greetingMessage: 'Olá! Escolha:' })).toEqual({});
    expect(tabOf('greetingMessage')).toBe('general');
  });

  it('wants the rating message and a non-zero expiry while rating is on, and a redirect queue with a redirect time', () => {
    const rating = (values) => validateConnection({ ...connectionToForm(null), name: 'Loja', ...values }, { ratingRequired: true, now: NOW });
    expect(rating({})).toEqual({ ratingMessage: 'validation.required', expiresTicketNPS: 'connections.validation.ratingExpiry' });
    expect(rating({ ratingMessage: 'De 0 a 10?', expiresTicketNPS: 30 })).toEqual({});
    expect(check({ ratingMessage: '', expiresTicketNPS: 0 })).toEqual({});
    expect(check({ timeSendQueue: 10 })).toEqual({ sendIdQueue: 'connections.validation.sendIdQueue' });
    expect(check({ timeSendQueue: 10, sendIdQueue: 4 })).toEqual({});
    expect(tabOf('sendIdQueue')).toBe('messages');
    expect(tabOf('expiresTicketNPS')).toBe('assessments');
  });

  it('checks schedule times only when the schedules tab shows', () => {
    const schedules = connectionToForm(null).schedules.map((entry, i) => (i === 2 ? { ...entry, endTimeB: '25:00' } : entry));
    expect(check({ schedules }, { showSchedules: true })).toEqual({ 'wednesday.endTimeB': 'hours.validation.time' });
    expect(check({ schedules }, { showSchedules: false })).toEqual({});
  });

  it('needs the phone-number id and access token to create a Cloud API connection', () => {
    expect(check({ channel: 'whatsappapi' }, { creating: true })).toEqual({ externalId: 'validation.required', accessToken: 'validation.required' });
    expect(check({ channel: 'whatsappapi', externalId: '1234', accessToken: 'EAAB' }, { creating: true })).toEqual({});
    expect(check({ channel: 'whatsappapi', externalId: '1234' }, { creating: false })).toEqual({});
  });

  it('names the tab of each field', () => {
    expect(tabOf('name')).toBe('general');
    expect(tabOf('greetingMessage')).toBe('general');
    expect(tabOf('importOldMessages')).toBe('general');
    expect(tabOf('sendIdQueue')).toBe('messages');
    expect(tabOf('collectiveVacationEnd')).toBe('messages');
    expect(tabOf('maxUseBotQueues')).toBe('chatbot');
    expect(tabOf('expiresTicketNPS')).toBe('assessments');
    expect(tabOf('monday.startTimeA')).toBe('schedules');
  });

  it('sends the channel only on creation, numbers as numbers and 0 to clear a reference', () => {
    const created = connectionPayload({ ...valid, channel: 'sandbox', timeSendQueue: '5', sendIdQueue: 7, expiresTicket: '' }, { creating: true });
    expect(created).toMatchObject({
      name: 'Loja', channel: 'sandbox', timeSendQueue: 5, sendIdQueue: 7, expiresTicket: 0, maxUseBotQueues: 3, maxUseBotQueuesNPS: 3,
      queueIdImportMessages: 0, whenExpiresTicket: '0',
      importOldMessages: null, importRecentMessages: null, collectiveVacationStart: null, groupAsTicket: 'disabled',
    });
    expect(created.schedules).toHaveLength(7);
    expect(created).not.toHaveProperty('token');
    expect(created).not.toHaveProperty('externalId');
    // The flows a flowbuilder integration starts sit beside it; none is sent as 0 (cleared).
    ['flowIdWelcome', 'flowIdNotPhrase'].forEach((field) => {
      expect(created[field]).toBe(0);
      expect(tabOf(field)).toBe('integrations');
    });
    expect(connectionToForm({ id: 4, name: 'Loja', flowIdWelcome: 3 }).flowIdWelcome).toBe(3);
    expect(created.integrationId).toBe(0);
    expect(connectionToForm({ id: 4, name: 'Loja', integrationId: 7 }).integrationId).toBe(7);
    expect(tabOf('integrationId')).toBe('integrations');
    // The AI prompt is picked on the chatbot tab; none is sent as 0 (cleared).
    expect(created.promptId).toBe(0);
    const updated = connectionPayload({ ...valid, channel: 'sandbox' }, { creating: false });
    expect(updated).not.toHaveProperty('channel');
    expect(updated.sendIdQueue).toBe(0);
  });

  it('sends the import window as instants and the Cloud API access token only when typed', () => {
    const start = local(NOW - 30 * DAY);
    const body = connectionPayload({ ...valid, importEnabled: true, importOldMessages: start, importRecentMessages: local(NOW), queueIdImportMessages: 4, closedTicketsPostImported: true }, { creating: true });
    expect(body.importOldMessages).toBe(new Date(start).toISOString());
    expect(body).toMatchObject({ queueIdImportMessages: 4, closedTicketsPostImported: true });
    const cloud = { ...valid, channel: 'whatsappapi', externalId: ' 1234 ' };
    expect(connectionPayload({ ...cloud, accessToken: 'EAAB' }, { creating: true })).toMatchObject({ externalId: '1234', accessToken: 'EAAB' });
    expect(connectionPayload(cloud, { creating: false })).not.toHaveProperty('accessToken');
  });

  it('asks for a new token on save when regenerating', () => {
    expect(connectionPayload({ ...valid, regenerateToken: true }, { creating: false })).toMatchObject({ token: '', regenerateToken: true });
    expect(connectionPayload({ ...valid, regenerateToken: false, token: 'abc' }, { creating: false })).not.toHaveProperty('token');
  });

  it('tells when a save changes the import (a connected session must then pair again)', () => {
    const stored = { name: 'Loja', importOldMessages: new Date(NOW - 30 * DAY).toISOString(), importRecentMessages: new Date(NOW).toISOString() };
    const same = connectionToForm(stored);
    expect(importChanged(same, stored)).toBe(false);
    expect(importChanged({ ...same, name: 'Outra' }, stored)).toBe(false);
    expect(importChanged({ ...same, importOldMessagesGroups: true }, stored)).toBe(false);
    expect(importChanged({ ...same, importRecentMessages: local(NOW - DAY) }, stored)).toBe(true);
    expect(importChanged({ ...same, importEnabled: false }, stored)).toBe(false);
    const plain = { name: 'Loja' };
    expect(importChanged({ ...connectionToForm(plain), importEnabled: true, importOldMessages: local(NOW) }, plain)).toBe(true);
  });

  it('keys the server\'s schedule errors by weekday, as the hours tab shows them', () => {
    const values = connectionToForm(null);
    expect(formErrors({ 'schedules[2].endTimeB': 'Horário inválido', name: 'Muito curto!' }, values))
      .toEqual({ 'wednesday.endTimeB': 'Horário inválido', name: 'Muito curto!' });
    expect(formErrors(undefined, values)).toEqual({});
  });
});
