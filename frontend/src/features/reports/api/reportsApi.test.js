import { describe, expect, it } from 'vitest';
import { defaultFilters, formatDuration, reportParams } from './reportsApi';

describe('reports api', () => {
  it('defaults to the start of the month until today', () => {
    const f = defaultFilters('UTC', new Date(Date.UTC(2026, 10, 25, 15)));
    expect(f.dateFrom).toBe('2026-11-01');
    expect(f.dateTo).toBe('2026-11-25');
    // 02:00 UTC on the 1st is still the previous month in São Paulo, the company's zone.
    const late = defaultFilters('America/Sao_Paulo', new Date(Date.UTC(2026, 11, 1, 2)));
    expect([late.dateFrom, late.dateTo]).toEqual(['2026-11-01', '2026-11-30']);
  });

  it('sends lists as JSON and a contact search only from 3 characters', () => {
    const f = { ...defaultFilters('UTC', new Date(Date.UTC(2026, 0, 5))), searchParam: 'ma', queueIds: [2, 3], status: ['open'], onlyRated: true };
    expect(reportParams(f, 1, 10)).toMatchObject({ searchParam: undefined, queueIds: '[2,3]', status: '["open"]', onlyRated: 'true', page: 1, pageSize: 10, users: undefined });
    expect(reportParams({ ...f, searchParam: ' mar ' }, 2, 5).searchParam).toBe('mar');
  });

  it('formats support time', () => {
    expect(formatDuration(900)).toBe('0:15:00');
    expect(formatDuration(90061)).toBe('25:01:01');
    expect(formatDuration(null)).toBe('');
  });
});
