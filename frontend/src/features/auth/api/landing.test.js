import { describe, expect, it } from 'vitest';
import { LANDING_PATH, afterLoginPath } from './landing';

describe('afterLoginPath', () => {
  it('lands on /tickets without an origin or from the bare root', () => {
    expect(LANDING_PATH).toBe('/tickets');
    expect(afterLoginPath(undefined)).toBe('/tickets');
    expect(afterLoginPath({ pathname: '/' })).toBe('/tickets');
    expect(afterLoginPath({ pathname: '/login' })).toBe('/tickets');
  });

  it('returns to the page a private route sent the visitor away from', () => {
    expect(afterLoginPath({ pathname: '/users' })).toBe('/users');
    expect(afterLoginPath({ pathname: '/contacts', search: '?q=ana' })).toBe('/contacts?q=ana');
    expect(afterLoginPath({ pathname: '/tickets/0b6f4c2e-1d2a-4f7e-9a51-3c8e2d7f6a10' })).toBe('/tickets/0b6f4c2e-1d2a-4f7e-9a51-3c8e2d7f6a10');
  });
});
