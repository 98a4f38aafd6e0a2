import { describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import {
  ackState, conversation, customerError, customerMessages, digitsOf, inboundCursor, isTyping, mediaKindOf, mergeById, newInboundId, pollCursor,
  randomCustomerNumber, rememberCustomer,
} from './conversation';

const out = (id, ack, createdAt, extra = {}) => ({ id, ack, createdAt, kind: 'text', body: `m${id}`, ...extra });

describe('simulate panel conversation', () => {
  it('merges polled deliveries by id, updating acks and keeping id order', () => {
    let list = mergeById([], [out(5, 1, '2025-01-01T10:00:05Z'), out(3, 1, '2025-01-01T10:00:03Z')]);
    expect(list.map((m) => m.id)).toEqual([3, 5]);
    list = mergeById(list, [out(3, 3, '2025-01-01T10:00:03Z'), out(5, 2, '2025-01-01T10:00:05Z'), out(8, 1, '2025-01-01T10:00:08Z')]);
    expect(list.map((m) => [m.id, m.ack])).toEqual([[3, 3], [5, 2], [8, 1]]);
    const same = [out(1, 1, 'x')];
    expect(mergeById(same, [])).toBe(same);
  });

  it('polls again from just before the oldest delivery not yet read', () => {
    expect(pollCursor([])).toBe(0);
    expect(pollCursor([out(3, 3), out(5, 2), out(8, 1)])).toBe(4);
    expect(pollCursor([out(3, 3), out(5, 3)])).toBe(5);
    expect(pollCursor([out(3, 3), out(4, 1, null, { kind: 'revoked' })])).toBe(4);
  });

  it('orders the customer messages and the deliveries in time, customer first on a tie', () => {
    const sent = [
      { localId: 'a', body: 'oi', sentAt: Date.parse('2025-01-01T10:00:00Z') },
      { localId: 'b', body: 'tudo bem?', sentAt: Date.parse('2025-01-01T10:00:06Z') },
    ];
    const timeline = conversation(sent, [out(2, 3, '2025-01-01T10:00:06Z'), out(1, 3, '2025-01-01T10:00:02Z')]);
    expect(timeline.map((m) => m.key)).toEqual(['c-a', 'a-1', 'c-b', 'a-2']);
    expect(timeline.map((m) => m.from)).toEqual(['customer', 'atende', 'customer', 'atende']);
  });

  it('shows a bot typing between bubbles in the header, never as a bubble', () => {
    const typing = out(4, 3, '2025-01-01T10:00:04Z', { kind: 'typing', body: '' });
    const at = Date.parse('2025-01-01T10:00:05Z');
    expect(conversation([], [out(3, 3, '2025-01-01T10:00:03Z'), typing]).map((m) => m.key)).toEqual(['a-3']);
    expect(isTyping([out(3, 3, '2025-01-01T10:00:03Z'), typing], at)).toBe(true);
    expect(isTyping([typing, out(5, 1, '2025-01-01T10:00:05Z')], at)).toBe(false); // the bubble came
    expect(isTyping([typing], at + 60000)).toBe(false); // long gone
    expect(isTyping([], at)).toBe(false);
  });

  it('shows ticks for pending, sent, delivered and read', () => {
    expect([0, 1, 2, 3, 4, 5].map(ackState)).toEqual(['pending', 'sent', 'delivered', 'read', 'read', 'read']);
  });

  it('needs a number of 8 to 20 digits', () => {
    expect(customerError({ number: '' })).toBe('validation.required');
    expect(customerError({ number: '+55 (11) 9' })).toBe('sandbox.invalidNumber');
    expect(i18n.t('sandbox.invalidNumber')).toBe('Informe um número com 8 a 20 dígitos');
    expect(customerError({ number: '+55 (11) 98888-7777' })).toBeNull();
    expect(digitsOf('+55 (11) 98888-7777')).toBe('5511988887777');
    expect(customerError({ number: randomCustomerNumber() })).toBeNull();
    expect(randomCustomerNumber(() => 0)).toBe('5511900000000');
  });

  it('shows the customer\'s messages the server stored, and this panel\'s posts until the server has them', () => {
    const received = [
      { id: 4, providerId: 'SBXIN-a', kind: 'chat', body: 'oi', createdAt: '2025-01-01T10:00:00Z' },
      { id: 9, providerId: 'SBXIN-other-tab', kind: 'image', body: '', mediaUrl: '/media/x.png', createdAt: '2025-01-01T10:00:04Z' },
    ];
    const pending = [{ localId: 'SBXIN-a', body: 'oi', status: 'sent' }, { localId: 'SBXIN-b', body: 'tudo bem?', status: 'sending', sentAt: Date.parse('2025-01-01T10:00:06Z') }];
    const list = customerMessages(received, pending);
    expect(list.map((m) => [m.localId, m.status, m.kind])).toEqual([
      ['SBXIN-a', 'sent', 'text'], ['SBXIN-other-tab', 'sent', 'image'], ['SBXIN-b', 'sending', undefined],
    ]);
    expect(list[1].receivedAt).toBe('2025-01-01T10:00:04Z');
    expect(conversation(list, []).map((m) => m.key)).toEqual(['c-SBXIN-a', 'c-SBXIN-other-tab', 'c-SBXIN-b']);
    expect(inboundCursor([])).toBe(0);
    expect(inboundCursor(received)).toBe(9);
  });

  it('remembers recent customers and names each post', () => {
    expect(rememberCustomer([{ number: '5511', name: 'A' }, { number: '5599', name: 'B' }], { number: '55 99', name: ' Bia ' }))
      .toEqual([{ number: '5599', name: 'Bia' }, { number: '5511', name: 'A' }]);
    expect(newInboundId()).toMatch(/^SBXIN-/);
  });
});

describe('delivered media', () => {
  it('shows an attendant\'s image as an image, not a file name (the outbox says only "media")', () => {
    expect(mediaKindOf({ kind: 'media', mediaName: 'Foto.JPG', mediaUrl: '/media/1/x.jpg?sig=1' })).toBe('image');
    expect(mediaKindOf({ kind: 'media', mediaName: 'audio.ogg' })).toBe('audio');
    expect(mediaKindOf({ kind: 'media', mediaName: 'clip.mp4' })).toBe('video');
    expect(mediaKindOf({ kind: 'media', mediaName: 'boleto.pdf' })).toBe('document');
    expect(mediaKindOf({ kind: 'media', mediaName: '', mediaUrl: '/media/1/a.png?exp=1&sig=2' })).toBe('image');
    expect(mediaKindOf({ kind: 'image', mediaName: 'x.bin' })).toBe('image');
  });
});
