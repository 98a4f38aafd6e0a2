import { describe, expect, it } from 'vitest';
import { CLOSE_TICKETS_STATUS, PREPARING_MS, applyImportEvent, importStartedAt, importView } from './importStatus';

const START = 1_750_000_000_000;

describe('old-message import on a connection row', () => {
  it('reads the start timestamp as milliseconds or a date', () => {
    expect(importStartedAt(String(START))).toBe(START);
    expect(importStartedAt(START)).toBe(START);
    expect(importStartedAt(new Date(START).toISOString())).toBe(START);
    ['', null, undefined, CLOSE_TICKETS_STATUS, 'nonsense'].forEach((value) => expect(importStartedAt(value)).toBeNull());
  });

  it('shows preparing for 35 s, then the progress, then the close-tickets button', () => {
    expect(PREPARING_MS).toBe(35000);
    const importing = { id: 1, statusImportMessages: String(START) };
    expect(importView(importing, undefined, START + 1000)).toEqual({ kind: 'preparing', until: START + 35000 });
    expect(importView(importing, { this: 40, all: 100 }, START + 34999).kind).toBe('preparing');
    expect(importView(importing, { this: 40, all: 100 }, START + 35000)).toEqual({ kind: 'progress', done: 40, total: 100 });
    expect(importView(importing, undefined, START + 60000)).toEqual({ kind: 'progress', done: 0, total: 0 });
    expect(importView(importing, { this: 140, all: 100 }, START + 60000)).toEqual({ kind: 'progress', done: 100, total: 100 });
    expect(importView({ statusImportMessages: CLOSE_TICKETS_STATUS }, { this: 1, all: 2 }, START)).toEqual({ kind: 'closeTickets' });
    expect(importView({ statusImportMessages: null }, undefined, START)).toBeNull();
    expect(importView({}, { this: 3, all: 9 }, START)).toEqual({ kind: 'progress', done: 3, total: 9 });
  });

  it('follows the importMessages events', () => {
    const connections = [{ id: 1, statusImportMessages: String(START) }, { id: 2, statusImportMessages: null }];
    let progress = applyImportEvent({}, { action: 'update', status: { this: 5, all: 50, date: START } }, connections);
    expect(progress).toEqual({ 1: { this: 5, all: 50 } });
    progress = applyImportEvent(progress, { action: 'update', whatsappId: 2, status: { this: '7', all: '9' } }, connections);
    expect(progress).toEqual({ 1: { this: 5, all: 50 }, 2: { this: 7, all: 9 } });
    expect(applyImportEvent(progress, { action: 'update', status: { this: 1, all: 2 } }, [])).toBe(progress);
    expect(applyImportEvent(progress, { action: 'other' }, connections)).toBe(progress);
    expect(applyImportEvent(progress, null, connections)).toBe(progress);
    expect(applyImportEvent(progress, { action: 'refresh' }, connections)).toEqual({});
  });
});
