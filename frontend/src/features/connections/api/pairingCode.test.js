import { describe, expect, it } from 'vitest';
import { formatPairingCode, phoneDigits, validPairingNumber } from './pairingCode';

describe('pairing by phone number', () => {
  it('keeps only the digits of what was typed', () => {
    expect(phoneDigits('+55 (11) 99999-8888')).toBe('5511999998888');
    expect(phoneDigits(undefined)).toBe('');
  });

  it('accepts 10 to 15 digits in international form', () => {
    expect(validPairingNumber('5511999998888')).toBe(true);
    expect(validPairingNumber('1202555012')).toBe(true);
    expect(validPairingNumber('551199999')).toBe(false);
    expect(validPairingNumber('5511999998888123')).toBe(false);
    expect(validPairingNumber('011999998888')).toBe(false);
  });

  it('shows the code as XXXX-XXXX', () => {
    expect(formatPairingCode('ABCD-EFGH')).toBe('ABCD-EFGH');
    expect(formatPairingCode('abcdefgh')).toBe('ABCD-EFGH');
    expect(formatPairingCode('')).toBe('');
  });
});
