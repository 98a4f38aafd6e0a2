import { describe, expect, it } from 'vitest';
import { isTakeover } from './useSessionEvents';

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
