import { describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { SERVER_MESSAGE_KEYS, checkField, isEmail, serverFieldErrors, validate } from './validation';

describe('validation', () => {
  it('checks required, length and e-mail rules in order', () => {
    expect(checkField('', { required: true })).toBe('validation.required');
    expect(checkField('   ', { required: true })).toBe('validation.required');
    expect(checkField('', { min: 5 })).toBeNull();
    expect(checkField('a', { min: 2 })).toBe('validation.tooShort');
    expect(checkField('x'.repeat(51), { max: 50 })).toBe('validation.tooLong');
    expect(checkField('nope', { email: true })).toBe('validation.invalidEmail');
    expect(checkField('a@b.co', { required: true, email: true })).toBeNull();
  });

  it('validates a whole schema', () => {
    const errors = validate({ name: 'A', email: 'a@b.co', password: '' }, {
      name: { required: true, min: 2 },
      email: { required: true, email: true },
      password: { required: true },
    });
    expect(errors).toEqual({ name: 'validation.tooShort', password: 'validation.required' });
  });

  it('recognises e-mail addresses', () => {
    expect(isEmail(' admin@atende.local ')).toBe(true);
    expect(isEmail('admin@atende')).toBe(false);
  });

  it("shows the server's field messages in the app's language", async () => {
    const refused = { code: 'ERR_VALIDATION', message: 'Too Short!', fields: { name: 'Too Short!', number: 'Número inválido', note: 'Required', other: 'Texto novo' } };
    const fields = serverFieldErrors(refused);
    expect(fields).toEqual({ name: 'validation.tooShort', number: 'validation.invalidPhone', note: 'validation.required', other: 'Texto novo' });
    expect(i18n.t(fields.name)).toBe('Muito curto!');
    await i18n.changeLanguage('en');
    try {
      expect(i18n.t(fields.number)).toBe('Invalid phone number');
    } finally {
      await i18n.changeLanguage('pt');
    }
    Object.values(SERVER_MESSAGE_KEYS).forEach((key) => expect(i18n.exists(key), key).toBe(true));
  });

  it('puts the reason of a refused rule on its field (a second queue without greeting)', () => {
    const message = 'A mensagem de saudação é obrigatória quando há mais de uma fila.';
    const refused = { code: 'ERR_WAPP_GREETING_REQUIRED', message, fields: { greetingMessage: message } };
    const fields = serverFieldErrors(refused, (key) => i18n.exists(key));
    expect(fields).toEqual({ greetingMessage: 'backendErrors.ERR_WAPP_GREETING_REQUIRED' });
    expect(serverFieldErrors({ ...refused, code: 'ERR_UNKNOWN' }, (key) => i18n.exists(key))).toEqual({ greetingMessage: message });
    expect(serverFieldErrors(undefined)).toEqual({});
  });
});
