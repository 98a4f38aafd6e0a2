import { describe, expect, it } from 'vitest';
import {
  formatTicketTime, lastMessagePreview, maskNumber, parseOwnerConflict, titleWithCount, truncate, unreadMarker,
} from './format';

describe('truncate', () => {
  it('keeps short texts and cuts long ones at the limit', () => {
    expect(truncate('Ana', 60)).toBe('Ana');
    expect(truncate('a'.repeat(60), 60)).toBe('a'.repeat(60));
    expect(truncate('a'.repeat(61), 60)).toBe(`${'a'.repeat(60)}...`);
    expect(truncate('x'.repeat(50), 40)).toBe(`${'x'.repeat(40)}...`);
    expect(truncate(null, 40)).toBe('');
  });
});

describe('formatTicketTime', () => {
  const now = new Date(2025, 4, 20, 15, 30);
  it('shows HH:mm for today', () => {
    expect(formatTicketTime(new Date(2025, 4, 20, 9, 5), now)).toBe('09:05');
    expect(formatTicketTime(new Date(2025, 4, 20, 0, 0).toISOString(), now)).toBe('00:00');
  });
  it('shows dd/MM/yyyy for other days', () => {
    expect(formatTicketTime(new Date(2025, 4, 19, 23, 59), now)).toBe('19/05/2025');
    expect(formatTicketTime(new Date(2024, 11, 3, 10, 0), now)).toBe('03/12/2024');
  });
  it('shows nothing for a missing or bad date', () => {
    expect(formatTicketTime(undefined, now)).toBe('');
    expect(formatTicketTime('not a date', now)).toBe('');
  });
});

describe('title counter', () => {
  it('uses circled digits up to 20 and the number above', () => {
    expect(unreadMarker(0)).toBe('');
    expect(unreadMarker(1)).toBe('①');
    expect(unreadMarker(9)).toBe('⑨');
    expect(unreadMarker(20)).toBe('⑳');
    expect(unreadMarker(21)).toBe('(21)');
    expect(titleWithCount('Atende', 3)).toBe('③ Atende');
    expect(titleWithCount('Atende', 0)).toBe('Atende');
    expect(titleWithCount('Atende', 150)).toBe('(150) Atende');
  });
});

describe('lastMessagePreview', () => {
  it('labels base64 images as locations and vCards as contacts', () => {
    expect(lastMessagePreview('data:image/png;base64,AAA')).toEqual({ key: 'tickets.item.location' });
    expect(lastMessagePreview('BEGIN:VCARD\nFN:Ana\nEND:VCARD')).toEqual({ key: 'tickets.item.contactCard' });
    expect(lastMessagePreview('Olá')).toEqual({ text: 'Olá' });
  });
});

describe('parseOwnerConflict', () => {
  it('reads the JSON text of a 409', () => {
    const payload = { userId: 2, user: { name: 'Bia' }, queue: { name: 'Vendas' }, uuid: 'u-1', status: 'open' };
    expect(parseOwnerConflict({ status: 409, message: JSON.stringify(payload) })).toEqual(payload);
  });
  it('ignores other errors', () => {
    expect(parseOwnerConflict({ status: 409, message: 'plain text' })).toBeNull();
    expect(parseOwnerConflict({ status: 400, message: '{"uuid":"x"}' })).toBeNull();
    expect(parseOwnerConflict(null)).toBeNull();
  });
});

describe('maskNumber', () => {
  it('hides all but the last two digits', () => {
    expect(maskNumber('5511999998888')).toBe('***********88');
    expect(maskNumber('12')).toBe('12');
  });
});
