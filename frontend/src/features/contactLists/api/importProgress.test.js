import { describe, expect, it } from 'vitest';
import { isActive, newerImport, progressOf } from './importProgress';

describe('import progress', () => {
  it('shows an indeterminate bar until the file says how far it is', () => {
    expect(progressOf({ status: 'pending', percent: 0 })).toMatchObject({ phase: 'pending', percent: null, done: false });
    expect(progressOf({ status: 'reading', percent: 0 })).toMatchObject({ percent: null });
    expect(progressOf({ status: 'reading', percent: 42 })).toMatchObject({ percent: 42, done: false });
  });

  it('counts the WhatsApp check by numbers checked', () => {
    expect(progressOf({ status: 'checking', checked: 250, toCheck: 1000 })).toMatchObject({ phase: 'checking', percent: 25 });
    expect(progressOf({ status: 'checking', checked: 0, toCheck: 0 })).toMatchObject({ percent: null });
  });

  it('ends done or failed', () => {
    expect(progressOf({ status: 'done' })).toMatchObject({ done: true, failed: false, percent: 100 });
    expect(progressOf({ status: 'failed', error: 'ERR_IMPORT_NO_ROWS' })).toMatchObject({ done: true, failed: true });
    expect(progressOf(null)).toBeNull();
    expect(isActive({ status: 'checking' })).toBe(true);
    expect(isActive({ status: 'done' })).toBe(false);
  });

  it('keeps the newest state of the newest import (events may come out of order)', () => {
    const a1 = { id: 1, status: 'reading', updatedAt: '2026-11-25T10:00:01Z' };
    const a2 = { id: 1, status: 'done', updatedAt: '2026-11-25T10:00:05Z' };
    const b = { id: 2, status: 'pending', updatedAt: '2026-11-25T10:01:00Z' };
    expect(newerImport(a2, a1)).toBe(a2);
    expect(newerImport(a1, a2)).toBe(a2);
    expect(newerImport(a2, b)).toBe(b);
    expect(newerImport(b, a2)).toBe(b);
    expect(newerImport(null, a1)).toBe(a1);
    expect(newerImport(a1, undefined)).toBe(a1);
  });
});
