import { describe, expect, it } from 'vitest';
import { customPrice, formatMoney, validateCustom, validateData } from './pricing';

describe('pricing', () => {
  it('prices a custom plan at 11 per user and 20 per connection', () => {
    expect(customPrice(3, 3)).toBe(93);
    expect(customPrice(4, 3)).toBe(104);
  });
  it('shows BRL with 2 decimals', () => {
    expect(formatMoney(49)).toBe('R$ 49,00');
    expect(formatMoney('1234.5')).toBe('R$ 1.234,50');
  });
  it('requires the name and the CPF/CNPJ, and 3 users and connections at least', () => {
    expect(validateData({ firstName: ' ', zipcode: '' })).toEqual({
      firstName: 'billing.checkout.errors.firstName', zipcode: 'billing.checkout.errors.zipcode',
    });
    expect(validateData({ firstName: 'Ana', zipcode: '123' })).toEqual({});
    expect(Object.keys(validateCustom({ users: 2, connections: 3 }))).toEqual(['users']);
    expect(validateCustom({ users: 3, connections: 3 })).toEqual({});
  });
});
