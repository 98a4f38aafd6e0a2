import { describe, expect, it } from 'vitest';
import { isBlockedClose, isSubscriptionClose, isTakeover } from './useSessionEvents';

const me = { id: 5, tokenVersion: 3 };

describe('isTakeover', () => {
  it('is true for an update about me with another token version', () => {
    expect(isTakeover({ action: 'update', user: { id: 5 }, tokenVersion: 4 }, me)).toBe(true);
  });

  it('ignores my own current version, other users and other actions', () => {
    expect(isTakeover({ action: 'update', user: { id: 5 }, tokenVersion: 3 }, me)).toBe(false);
    expect(isTakeover({ action: 'update', user: { id: 6 }, tokenVersion: 9 }, me)).toBe(false);
    expect(isTakeover({ action: 'delete', user: { id: 5 }, tokenVersion: 4 }, me)).toBe(false);
    expect(isTakeover({ action: 'update', user: { id: 5 }, tokenVersion: 4 }, null)).toBe(false);
  });
});

describe('isSubscriptionClose', () => {
  it('is true only for the close the server sends when the subscription ended', () => {
    expect(isSubscriptionClose({ code: 1008, reason: 'ERR_SUBSCRIPTION_EXPIRED' })).toBe(true);
    expect(isSubscriptionClose({ code: 1008, reason: 'ERR_SESSION_EXPIRED' })).toBe(false);
    expect(isSubscriptionClose(undefined)).toBe(false);
  });
});

describe('isBlockedClose', () => {
  it('is true only for the close the server sends when the operator blocked the company', () => {
    expect(isBlockedClose({ code: 1008, reason: 'ERR_COMPANY_BLOCKED' })).toBe(true);
    expect(isBlockedClose({ code: 1008, reason: 'ERR_SUBSCRIPTION_EXPIRED' })).toBe(false);
    expect(isBlockedClose(undefined)).toBe(false);
  });
});
