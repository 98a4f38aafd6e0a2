import { describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { CONNECTION_DEFAULTS, connectionPayload, connectionToForm, tabOf, validateConnection } from './connectionForm';

const valid = { ...CONNECTION_DEFAULTS, name: 'Loja' };

describe('connection form', () => {
  it('starts with the spec defaults', () => {
    expect(connectionToForm(null)).toMatchObject({ maxUseBotQueues: 3, timeSendQueue: 0, expiresTicket: 0, channel: 'whatsapp', isDefault: false });
  });

  it('loads a connection with its queue ids', () => {
    const form = connectionToForm({ id: 4, name: 'Loja', channel: 'sandbox', queues: [{ id: 2 }, { id: 5 }], sendIdQueue: null, token: 'abc', timeSendQueue: 0 });
    expect(form).toMatchObject({ name: 'Loja', channel: 'sandbox', queueIds: [2, 5], sendIdQueue: '', token: 'abc', regenerateToken: false });
  });

  it('bounds the name to 2..50', () => {
    expect(validateConnection(valid)).toEqual({});
    expect(validateConnection({ ...valid, name: '' }).name).toBe('validation.required');
    expect(validateConnection({ ...valid, name: 'L' }).name).toBe('validation.tooShort');
    expect(validateConnection({ ...valid, name: 'L'.repeat(51) }).name).toBe('validation.tooLong');
  });

  it('requires a redirect queue when timeSendQueue is above zero', () => {
    const errors = validateConnection({ ...valid, timeSendQueue: '10', sendIdQueue: '' });
    expect(errors).toEqual({ sendIdQueue: 'connections.validation.sendIdQueue' });
    expect(i18n.t(errors.sendIdQueue)).toBe('Selecione a fila para redirecionar');
    expect(tabOf('sendIdQueue')).toBe('messages');
    expect(tabOf('greetingMessage')).toBe('general');
    expect(validateConnection({ ...valid, timeSendQueue: '10', sendIdQueue: 3 })).toEqual({});
    expect(validateConnection({ ...valid, timeSendQueue: 0, sendIdQueue: '' })).toEqual({});
  });

  it('wants whole non-negative numbers', () => {
    expect(validateConnection({ ...valid, expiresTicket: '-1' }).expiresTicket).toBe('connections.validation.wholeNumber');
    expect(validateConnection({ ...valid, maxUseBotQueues: '2.5' }).maxUseBotQueues).toBe('connections.validation.wholeNumber');
    expect(validateConnection({ ...valid, maxUseBotQueues: '' })).toEqual({});
  });

  it('sends the channel only on creation, numbers as numbers and 0 to clear the redirect queue', () => {
    const created = connectionPayload({ ...valid, channel: 'sandbox', timeSendQueue: '5', sendIdQueue: 7, expiresTicket: '' }, { creating: true });
    expect(created).toMatchObject({ name: 'Loja', channel: 'sandbox', timeSendQueue: 5, sendIdQueue: 7, expiresTicket: 0, maxUseBotQueues: 3 });
    expect(created).not.toHaveProperty('token');
    const updated = connectionPayload({ ...valid, channel: 'sandbox' }, { creating: false });
    expect(updated).not.toHaveProperty('channel');
    expect(updated.sendIdQueue).toBe(0);
  });

  it('asks for a new token on save when regenerating', () => {
    expect(connectionPayload({ ...valid, regenerateToken: true }, { creating: false })).toMatchObject({ token: '', regenerateToken: true });
    expect(connectionPayload({ ...valid, regenerateToken: false, token: 'abc' }, { creating: false })).not.toHaveProperty('token');
  });
});
