import { describe, expect, it } from 'vitest';
import {
  ATTENTION_STATUSES, applyConnectionEvent, canManageConnections, formatUpdatedAt, needsAttention, sessionActions, withSingleDefault,
} from './connectionRules';

describe('connections badge', () => {
  it('shows when any connection is in qrcode, PAIRING, DISCONNECTED, TIMEOUT or OPENING', () => {
    expect(ATTENTION_STATUSES).toEqual(['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING']);
    ATTENTION_STATUSES.forEach((status) => expect(needsAttention([{ status: 'CONNECTED' }, { status }])).toBe(true));
    expect(needsAttention([{ status: 'CONNECTED' }, { status: 'CONNECTED' }])).toBe(false);
    expect(needsAttention([])).toBe(false);
    expect(needsAttention(undefined)).toBe(false);
  });

  it('follows live events', () => {
    let list = [{ id: 1, name: 'A', status: 'CONNECTED' }];
    list = applyConnectionEvent(list, { action: 'update', session: { id: 1, status: 'DISCONNECTED' } });
    expect(list).toEqual([{ id: 1, name: 'A', status: 'DISCONNECTED' }]);
    expect(needsAttention(list)).toBe(true);
    list = applyConnectionEvent(list, { action: 'create', whatsapp: { id: 2, name: 'B', status: 'OPENING' } });
    expect(list.map((c) => c.id)).toEqual([1, 2]);
    list = applyConnectionEvent(list, { action: 'update', whatsapp: { id: 2, status: 'CONNECTED' } });
    list = applyConnectionEvent(list, { action: 'update', session: { id: 1, status: 'CONNECTED' } });
    expect(needsAttention(list)).toBe(false);
    list = applyConnectionEvent(list, { action: 'delete', whatsappId: 1 });
    expect(list.map((c) => c.id)).toEqual([2]);
    expect(applyConnectionEvent(list, { action: 'update', session: { id: 42, status: 'qrcode' } })).toEqual(list);
    expect(applyConnectionEvent(undefined, { action: 'update', whatsapp: { id: 1 } })).toBeUndefined();
  });
});

describe('connection rules', () => {
  it('lets admins and users with allowConnections manage connections', () => {
    expect(canManageConnections({ profile: 'admin' })).toBe(true);
    expect(canManageConnections({ profile: 'user', allowConnections: 'enabled' })).toBe(true);
    expect(canManageConnections({ profile: 'user', allowConnections: 'disabled' })).toBe(false);
    expect(canManageConnections(null)).toBe(false);
  });

  it('offers the session actions of each status (spec/2 §4)', () => {
    expect(sessionActions({ status: 'qrcode' })).toEqual(['qrcode']);
    expect(sessionActions({ status: 'DISCONNECTED' })).toEqual(['retry', 'newQr']);
    ['CONNECTED', 'PAIRING', 'TIMEOUT'].forEach((status) => expect(sessionActions({ status, channel: 'whatsapp' })).toEqual(['disconnect']));
    expect(sessionActions({ status: 'OPENING' })).toEqual(['connecting']);
    expect(sessionActions({ status: 'weird' })).toEqual([]);
  });

  it('offers no QR code where the channel has none, and nothing for the sandbox', () => {
    ['whatsappapi', 'facebook', 'instagram'].forEach((channel) => {
      expect(sessionActions({ status: 'DISCONNECTED', channel })).toEqual(['retry']);
      expect(sessionActions({ status: 'CONNECTED', channel })).toEqual(['disconnect']);
      expect(sessionActions({ status: 'qrcode', channel })).not.toContain('qrcode');
    });
    ['CONNECTED', 'DISCONNECTED', 'qrcode'].forEach((status) => expect(sessionActions({ status, channel: 'sandbox' })).toEqual([]));
  });

  it('keeps the token a live event does not carry', () => {
    const list = [{ id: 1, token: 'abc', status: 'CONNECTED', qrcode: '' }];
    expect(applyConnectionEvent(list, { action: 'update', session: { id: 1, status: 'qrcode', qrcode: '2@xyz' } }))
      .toEqual([{ id: 1, token: 'abc', status: 'qrcode', qrcode: '2@xyz' }]);
    expect(applyConnectionEvent(list, { action: 'update', whatsapp: { id: 1, token: 'new' } })[0].token).toBe('new');
  });

  it('keeps a single default', () => {
    const list = [{ id: 1, isDefault: true }, { id: 2, isDefault: false }];
    expect(withSingleDefault(list, { id: 2, isDefault: true })).toEqual([{ id: 1, isDefault: false }, { id: 2, isDefault: false }]);
    expect(withSingleDefault(list, { id: 2, isDefault: false })).toBe(list);
  });

  it('formats the last update as dd/MM/yy HH:mm', () => {
    expect(formatUpdatedAt(new Date(2025, 0, 5, 9, 7))).toBe('05/01/25 09:07');
    expect(formatUpdatedAt(null)).toBe('');
    expect(formatUpdatedAt('nonsense')).toBe('');
  });
});
