import { describe, expect, it } from 'vitest';
import { isValidResetPassword } from './passwordStrength';

describe('isValidResetPassword', () => {
  it('needs 8+ characters with an uppercase, a lowercase letter and a digit', () => {
    expect(isValidResetPassword('Abcdefg1')).toBe(true);
    expect(isValidResetPassword('Abcdef1')).toBe(false);
    expect(isValidResetPassword('abcdefg1')).toBe(false);
    expect(isValidResetPassword('ABCDEFG1')).toBe(false);
    expect(isValidResetPassword('Abcdefgh')).toBe(false);
  });
});
