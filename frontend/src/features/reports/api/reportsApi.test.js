import { describe, expect, it } from 'vitest';
import { defaultFilters, formatDuration, reportParams } from './reportsApi';

describe('reports api', () => {
  it('defaults to the start of the month until today', () => {
    const f = defaultFilters(new Date(2026, 10, 25, 15));
    expect(f.dateFrom).toBe('2026-11-01');
    expect(f.dateTo).toBe('2026-11-25');
  });

  it('sends lists as JSON and a contact search only from 3 characters', () => {
    const f = { ...defaultFilters(new Date(2026, 0, 5)), searchParam: 'ma', queueIds: [2, 3], status: ['open'], onlyRated: true };
    expect(reportParams(f, 1, 10)).toMatchObject({ searchParam: undefined, queueIds: '[2,3]', status: '["open"]', onlyRated: 'true', page: 1, pageSize: 10, users: undefined });
    expect(reportParams({ ...f, searchParam: ' mar ' }, 2, 5).searchParam).toBe('mar');
  });

  it('formats support time', () => {
    expect(formatDuration(900)).toBe('0:15:00');
    expect(formatDuration(90061)).toBe('25:01:01');
    expect(formatDuration(null)).toBe('');
  });
});
