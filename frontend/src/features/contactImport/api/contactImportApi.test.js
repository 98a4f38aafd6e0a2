import { describe, expect, it } from 'vitest';
import { assign, mappingError, newer, running, selectionOf } from './contactImportApi';

describe('contact import helpers', () => {
  it('requires name and number, one field per column', () => {
    expect(mappingError({ number: 1 })).toBe('nameNotSelected');
    expect(mappingError({ name: 0 })).toBe('numberNotSelected');
    expect(mappingError({ name: 0, number: 0 })).toBe('columnTwice');
    expect(mappingError({ name: 0, number: 1, email: null, tags: 3 })).toBeNull();
  });

  it('moves a column away from the field that had it', () => {
    expect(assign({ name: 0, number: 1 }, 'email', 1)).toEqual({ name: 0, number: null, email: 1 });
    expect(assign({ name: 0 }, 'name', null)).toEqual({ name: null });
  });

  it('turns the ticked preview rows into a selection', () => {
    const rows = [{ line: 2 }, { line: 3 }, { line: 4 }];
    expect(selectionOf(true, rows, new Set([2, 4]))).toEqual({ allRows: true, exceptRows: [3] });
    expect(selectionOf(false, rows, new Set([3]))).toEqual({ allRows: false, rows: [3] });
  });

  it('keeps the newest record of an import', () => {
    const a = { id: 1, status: 'reading', updatedAt: '2026-01-01T00:00:02Z' };
    const b = { id: 1, status: 'pending', updatedAt: '2026-01-01T00:00:01Z' };
    expect(newer(a, b)).toBe(a);
    expect(newer(b, a)).toBe(a);
    expect(newer(a, { id: 2 })).toBe(a);
    expect(running(a)).toBe(true);
    expect(running({ status: 'done' })).toBe(false);
  });
});
