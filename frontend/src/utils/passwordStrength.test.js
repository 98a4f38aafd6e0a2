import { describe, expect, it } from 'vitest';
import { isValidResetPassword, passwordLevel, passwordScore } from './passwordStrength';

describe('passwordScore', () => {
  it.each([
    ['', 0],
    ['abc', 1],
    ['ABC', 1],
    ['123', 1],
    ['!!!', 1],
    ['abcdefgh', 2],
    ['abcDEF', 2],
    ['abcDEF12', 4],
    ['abcDEF1!', 5],
    ['Admin@123', 5],
    ['ABCDEFGH1', 3],
  ])('scores %j as %i', (password, score) => {
    expect(passwordScore(password)).toBe(score);
  });

  it('treats undefined as an empty password', () => {
    expect(passwordScore()).toBe(0);
  });
});

describe('passwordLevel', () => {
  it('maps 0-2 to weak, 3-4 to medium and 5 to strong', () => {
    expect([0, 1, 2, 3, 4, 5].map(passwordLevel)).toEqual(['weak', 'weak', 'weak', 'medium', 'medium', 'strong']);
  });
});

describe('isValidResetPassword', () => {
  it('needs 8+ characters with an uppercase, a lowercase letter and a digit', () => {
    expect(isValidResetPassword('Abcdefg1')).toBe(true);
    expect(isValidResetPassword('Abcdef1')).toBe(false);
    expect(isValidResetPassword('abcdefg1')).toBe(false);
    expect(isValidResetPassword('ABCDEFG1')).toBe(false);
    expect(isValidResetPassword('Abcdefgh')).toBe(false);
  });
});
