import { describe, expect, it } from 'vitest';
import { canSeeDashboard, isAdmin, isSuper } from './permissions';

describe('permissions', () => {
  it('tells admins and super users apart', () => {
    expect(isAdmin({ profile: 'admin' })).toBe(true);
    expect(isAdmin({ profile: 'user', super: true })).toBe(false);
    expect(isSuper({ profile: 'user', super: true })).toBe(true);
  });

  it('shows the dashboard to admins and to users with showDashboard enabled only', () => {
    expect(canSeeDashboard({ profile: 'admin', showDashboard: 'disabled' })).toBe(true);
    expect(canSeeDashboard({ profile: 'user', showDashboard: 'enabled' })).toBe(true);
    expect(canSeeDashboard({ profile: 'user', showDashboard: 'disabled' })).toBe(false);
    expect(canSeeDashboard({ profile: 'user' })).toBe(false);
    expect(canSeeDashboard(null)).toBe(false);
  });
});
