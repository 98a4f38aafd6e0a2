import { describe, expect, it } from 'vitest';
import { addDays, isoDay, monthStart } from './companyDay';

describe('company days', () => {
  it('counts the day in the company zone, not the browser one', () => {
    const lateUTC = new Date(Date.UTC(2026, 10, 29, 1, 30)); // 22:30 of the 28th in São Paulo
    expect(isoDay(lateUTC, 'UTC')).toBe('2026-11-29');
    expect(isoDay(lateUTC, 'America/Sao_Paulo')).toBe('2026-11-28');
    expect(isoDay(lateUTC, 'Not/AZone')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('moves by calendar days across months and years', () => {
    expect(addDays('2026-11-28', 3)).toBe('2026-12-01');
    expect(addDays('2026-03-01', -30)).toBe('2026-01-30');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(monthStart('2026-11-28')).toBe('2026-11-01');
  });
});
