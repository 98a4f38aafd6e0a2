import { describe, expect, it } from 'vitest';
import {
  EDIT_WINDOW_MS, ackInfo, buildVCard, canDeleteMessage, canEditMessage, isRecordingTooSmall, mergeMessages,
  nextSpeed, parseVCard,
} from './messageRules';

describe('ack icons', () => {
  it('maps every ack to its icon and colour', () => {
    expect(ackInfo(-1)).toEqual({ icon: 'error', color: 'error' });
    expect(ackInfo(0)).toEqual({ icon: 'clock', color: 'default' });
    expect(ackInfo(1)).toEqual({ icon: 'check', color: 'default' });
    expect(ackInfo(2)).toEqual({ icon: 'doubleCheck', color: 'default' });
    expect(ackInfo(3)).toEqual({ icon: 'doubleCheck', color: 'read' });
    expect(ackInfo(4)).toEqual({ icon: 'doubleCheck', color: 'read' });
    expect(ackInfo(5)).toEqual({ icon: 'doubleCheck', color: 'read' });
  });
  it('gives played audio its own colour', () => {
    expect(ackInfo(4, 'audio')).toEqual({ icon: 'doubleCheck', color: 'played' });
    expect(ackInfo(3, 'audio')).toEqual({ icon: 'doubleCheck', color: 'read' });
  });
});

describe('recordings', () => {
  it('discards recordings under 10000 bytes', () => {
    expect(isRecordingTooSmall({ size: 9999 })).toBe(true);
    expect(isRecordingTooSmall({ size: 10000 })).toBe(false);
    expect(isRecordingTooSmall(null)).toBe(true);
  });
});

describe('edit window', () => {
  const now = Date.parse('2025-05-20T12:00:00Z');
  const message = (minutesAgo, extra = {}) => ({
    id: 1, fromMe: true, userId: 7, mediaType: 'chat', createdAt: new Date(now - minutesAgo * 60000).toISOString(), ...extra,
  });
  it('allows editing own text messages for 15 minutes', () => {
    expect(canEditMessage(message(0), 7, now)).toBe(true);
    expect(canEditMessage(message(14.9), 7, now)).toBe(true);
    expect(canEditMessage({ ...message(0), createdAt: new Date(now - EDIT_WINDOW_MS).toISOString() }, 7, now)).toBe(true);
    expect(canEditMessage(message(15.1), 7, now)).toBe(false);
  });
  it('refuses others, received, deleted and media messages', () => {
    expect(canEditMessage(message(1, { userId: 8 }), 7, now)).toBe(false);
    expect(canEditMessage(message(1, { fromMe: false }), 7, now)).toBe(false);
    expect(canEditMessage(message(1, { isDeleted: true }), 7, now)).toBe(false);
    expect(canEditMessage(message(1, { mediaType: 'image' }), 7, now)).toBe(false);
  });
  it('lets own messages be deleted', () => {
    expect(canDeleteMessage(message(100), 7)).toBe(true);
    expect(canDeleteMessage(message(1, { fromMe: false }), 7)).toBe(false);
  });
});

describe('audio speeds', () => {
  it('cycles 0.5, 1, 1.5, 2', () => {
    expect(nextSpeed(0.5)).toBe(1);
    expect(nextSpeed(1)).toBe(1.5);
    expect(nextSpeed(1.5)).toBe(2);
    expect(nextSpeed(2)).toBe(0.5);
  });
});

describe('vCards', () => {
  it('round-trips name and number', () => {
    const card = buildVCard({ name: 'Ana Souza', number: '+55 11 99999-8888' });
    expect(card.startsWith('BEGIN:VCARD')).toBe(true);
    expect(parseVCard(card)).toEqual({ name: 'Ana Souza', number: '5511999998888' });
  });
});

describe('mergeMessages', () => {
  it('appends new, replaces known and prepends older pages', () => {
    const base = [{ id: 2, body: 'b' }, { id: 3, body: 'c' }];
    expect(mergeMessages(base, [{ id: 3, body: 'c2' }, { id: 4, body: 'd' }]).map((m) => m.body)).toEqual(['b', 'c2', 'd']);
    expect(mergeMessages(base, [{ id: 1, body: 'a' }], { prepend: true }).map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it('never moves an ack back (a send answer read after its receipts)', () => {
    const read = [{ id: 5, body: 'x', ack: 3 }];
    expect(mergeMessages(read, [{ id: 5, body: 'x', ack: 0 }])[0].ack).toBe(3);
    expect(mergeMessages([{ id: 5, ack: 0 }], [{ id: 5, ack: -1 }])[0].ack).toBe(-1);
    expect(mergeMessages([{ id: 5, ack: -1 }], [{ id: 5, ack: 1 }])[0].ack).toBe(1);
    expect(mergeMessages([{ id: 5, ack: 2 }], [{ id: 5, body: 'edited' }])[0]).toMatchObject({ ack: 2, body: 'edited' });
  });
});
