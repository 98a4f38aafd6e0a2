import { describe, expect, it } from 'vitest';
import { listChange, sendAtLabel } from './scheduleList';

const record = { id: 7, contactId: 3, sendAt: '2026-11-25T15:30:00Z', status: 'PENDENTE' };

describe('listChange', () => {
  it('adds a created schedule on top of an unfiltered list', () => {
    expect(listChange({ action: 'create', schedule: record })).toEqual({ kind: 'upsert', record });
  });
  it('leaves a created schedule out of a search or another contact\'s list', () => {
    expect(listChange({ action: 'create', schedule: record }, { searching: true }).kind).toBe('none');
    expect(listChange({ action: 'create', schedule: record }, { contactId: 4 }).kind).toBe('none');
    expect(listChange({ action: 'create', schedule: record }, { contactId: '3' }).kind).toBe('upsert');
  });
  it('changes a listed schedule and removes a deleted one', () => {
    expect(listChange({ action: 'update', schedule: record }, { searching: true })).toEqual({ kind: 'update', record });
    expect(listChange({ action: 'delete', scheduleId: 7 })).toEqual({ kind: 'remove', id: 7 });
    expect(listChange(null).kind).toBe('none');
    expect(listChange({ action: 'update' }).kind).toBe('none');
  });
});

describe('sendAtLabel', () => {
  it('formats a date and leaves a bad one empty', () => {
    expect(sendAtLabel(record, null, 'en-GB')).toMatch(/25\/11\/2026/);
    expect(sendAtLabel({ sendAt: 'nope' })).toBe('');
    expect(sendAtLabel({})).toBe('');
  });
});
