import { describe, expect, it } from 'vitest';
import { cut, defaultRange, formatMinutes, momentCards, rangeReady } from './dashboardApi';
import { isoDay } from '../../../utils/companyDay';

describe('dashboard helpers', () => {
  it('defaults to the first of the month to today in the company time zone', () => {
    const now = new Date('2026-03-01T02:00:00Z'); // still February 28th in São Paulo
    expect(defaultRange('America/Sao_Paulo', now)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(defaultRange('UTC', now)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(isoDay(now, 'Not/AZone')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('asks for the filter until both dates are set and in order', () => {
    expect(rangeReady({ from: '2026-03-01', to: '2026-03-31' })).toBe(true);
    expect(rangeReady({ from: '', to: '2026-03-31' })).toBe(false);
    expect(rangeReady({ from: '2026-04-01', to: '2026-03-31' })).toBe(false);
  });

  it('shows minutes as h:mm', () => {
    expect(formatMinutes(null)).toBe('—');
    expect(formatMinutes(0)).toBe('0:00');
    expect(formatMinutes(75.5)).toBe('1:16');
    expect(formatMinutes(40.83)).toBe('0:41');
  });

  it('makes one card per attendant and a Pendentes card last', () => {
    const cards = momentCards({
      users: [{ id: 1, name: 'Ana' }, { id: 2, name: 'Bruno' }],
      tickets: [{ id: 10, userId: 2 }, { id: 11, userId: null }, { id: 12, userId: 1 }, { id: 13, userId: 1 }],
    });
    expect(cards.map((c) => [c.key, c.tickets.map((t) => t.id)])).toEqual([['user-1', [12, 13]], ['user-2', [10]], ['pending', [11]]]);
    expect(momentCards(undefined).map((c) => c.key)).toEqual(['pending']);
  });

  it('cuts long names and messages as the spec says', () => {
    expect(cut('a'.repeat(31), 30, 25)).toBe(`${'a'.repeat(25)}…`);
    expect(cut('a'.repeat(30), 30, 25)).toBe('a'.repeat(30));
    expect(cut(null, 30, 27)).toBe('');
  });
});
