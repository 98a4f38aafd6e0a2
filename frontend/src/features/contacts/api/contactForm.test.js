import { describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import {
  conflictTicket, contactPayload, contactTagParam, contactToForm, newTagError, resolveTags, tagsPayload, validateContact,
} from './contactForm';

const valid = { name: 'Maria Silva', number: '5511999990000', email: '', tags: [], extraInfo: [] };

describe('contact form', () => {
  it('accepts a valid contact', () => {
    expect(validateContact(valid)).toEqual({});
    expect(validateContact({ ...valid, email: 'maria@x.io' })).toEqual({});
  });

  it('requires name and number with the spec messages', () => {
    const errors = validateContact({ ...valid, name: '  ', number: '' });
    expect(errors).toEqual({ name: 'validation.required', number: 'validation.required' });
    expect(i18n.t(errors.name)).toBe('Obrigatório');
  });

  it('bounds the name to 2..250 and the number to 8..50', () => {
    expect(validateContact({ ...valid, name: 'M' }).name).toBe('validation.tooShort');
    expect(validateContact({ ...valid, name: 'M'.repeat(251) }).name).toBe('validation.tooLong');
    expect(validateContact({ ...valid, name: 'M'.repeat(250) }).name).toBeUndefined();
    expect(validateContact({ ...valid, number: '1234567' }).number).toBe('validation.tooShort');
    expect(validateContact({ ...valid, number: '1'.repeat(51) }).number).toBe('validation.tooLong');
  });

  it('says so in the app language, never in English on a Portuguese page', async () => {
    expect(i18n.t(validateContact({ ...valid, name: 'M' }).name)).toBe('Muito curto!');
    expect(i18n.t(validateContact({ ...valid, name: 'M'.repeat(251) }).name)).toBe('Muito longo!');
    await i18n.changeLanguage('es');
    try {
      expect(i18n.t(validateContact({ ...valid, name: 'M' }).name)).toBe('¡Muy corto!');
    } finally {
      await i18n.changeLanguage('pt');
    }
  });

  it('calls a number with letters invalid instead of missing, and counts only its digits', () => {
    expect(validateContact({ ...valid, number: 'abcdefghij' }).number).toBe('validation.invalidPhone');
    expect(validateContact({ ...valid, number: '55 11 9999x0000' }).number).toBe('validation.invalidPhone');
    expect(i18n.t('validation.invalidPhone')).toBe('Número de telefone inválido');
    expect(validateContact({ ...valid, number: '+55 (11) 99999-0000' }).number).toBeUndefined();
    expect(validateContact({ ...valid, number: '(11) 999' }).number).toBe('validation.tooShort');
    expect(validateContact({ ...valid, number: '55119****0000' }).number).toBeUndefined();
  });

  it('checks the email only when given', () => {
    expect(validateContact({ ...valid, email: 'maria@' }).email).toBe('validation.invalidEmail');
    expect(i18n.t('validation.invalidEmail')).toBe('Email inválido');
  });

  it('wants a name on an extra info row that has a value', () => {
    const errors = validateContact({ ...valid, extraInfo: [{ name: 'CPF', value: '1' }, { name: '', value: 'x' }, { name: '', value: '' }] });
    expect(errors).toEqual({ 'extraInfo.1.name': 'validation.required' });
  });

  it('builds the body without tags and without blank extra info rows', () => {
    const payload = contactPayload({ ...valid, name: ' Maria ', email: ' m@x.io ', tags: [{ id: 1, name: 'vip' }],
      extraInfo: [{ name: ' CPF ', value: ' 123 ' }, { name: '', value: '' }] });
    expect(payload).toEqual({ name: 'Maria', number: '5511999990000', email: 'm@x.io', extraInfo: [{ name: 'CPF', value: '123' }] });
  });

  it('loads a contact into the form', () => {
    const form = contactToForm({ id: 3, name: 'Ana', number: '55', email: null, tags: [{ id: 1, name: 'vip' }], extraInfo: [{ id: 7, name: 'a', value: 'b' }] });
    expect(form).toEqual({ name: 'Ana', number: '55', email: '', tags: [{ id: 1, name: 'vip' }], extraInfo: [{ name: 'a', value: 'b' }] });
  });
});

describe('tag rule', () => {
  const options = [{ id: 1, name: 'VIP', color: '#f00' }, { id: 2, name: 'lead', color: '#0f0' }];

  it('refuses new tag names shorter than 3 characters with "Tag muito curta!"', () => {
    expect(newTagError('ab')).toBe('contacts.validation.tagTooShort');
    expect(newTagError('  ab  ')).toBe('contacts.validation.tagTooShort');
    expect(newTagError('abc')).toBeNull();
    expect(i18n.t('contacts.validation.tagTooShort')).toBe('Tag muito curta!');
    expect(resolveTags(['ab'], options)).toEqual({ tags: null, error: 'contacts.validation.tagTooShort' });
  });

  it('reuses an existing tag typed in another case and keeps new names as names', () => {
    const { tags, error } = resolveTags([options[1], 'vip', { inputValue: 'Cliente novo', isNew: true }, 'LEAD'], options);
    expect(error).toBeNull();
    expect(tags).toEqual([options[1], options[0], { name: 'Cliente novo' }]);
    expect(tagsPayload(tags)).toEqual([{ id: 2, name: 'lead' }, { id: 1, name: 'VIP' }, { name: 'Cliente novo' }]);
  });

  it('filters contacts by a JSON list of tag ids', () => {
    expect(contactTagParam([3, 5])).toBe('[3,5]');
    expect(contactTagParam([])).toBeUndefined();
  });
});

describe('ticket conflict', () => {
  it('finds the existing ticket in the error data or in a JSON message', () => {
    expect(conflictTicket({ data: { error: 'ERR_OTHER_OPEN_TICKET', ticket: { uuid: 'u1', userId: 2 } } })).toEqual({ uuid: 'u1', userId: 2 });
    expect(conflictTicket({ message: JSON.stringify({ uuid: 'u2', userId: 5, user: { name: 'Bia' } }) }).uuid).toBe('u2');
    expect(conflictTicket({ message: 'ERR_CREATING_TICKET' })).toBeNull();
    // The server's 409: { error: 'ERR_OTHER_OPEN_TICKET', message: '<JSON of the ticket>' }.
    const held = conflictTicket({
      code: 'ERR_OTHER_OPEN_TICKET',
      message: '{"id":7,"uuid":"5f0c","status":"open","userId":4,"user":{"name":"Bia"},"queue":{"name":"Vendas"}}',
    });
    expect(held).toMatchObject({ uuid: '5f0c', userId: 4, user: { name: 'Bia' }, queue: { name: 'Vendas' } });
  });
});
