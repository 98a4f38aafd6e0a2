import { describe, expect, it } from 'vitest';
import { checkField, isEmail, validate } from './validation';

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
});
