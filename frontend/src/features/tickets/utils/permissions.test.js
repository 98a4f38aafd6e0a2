import { describe, expect, it } from 'vitest';
import { canClosePending, canSeeGroups, canShowAll, isOn } from './permissions';

describe('inbox permissions', () => {
  it('reads toggles in either spelling', () => {
    expect(isOn('enable')).toBe(true);
    expect(isOn('enabled')).toBe(true);
    expect(isOn(true)).toBe(true);
    expect(isOn('disabled')).toBe(false);
  });
  it('gives show-all to admins and allUserChat users', () => {
    expect(canShowAll({ profile: 'admin' })).toBe(true);
    expect(canShowAll({ profile: 'user', allUserChat: 'enabled' })).toBe(true);
    expect(canShowAll({ profile: 'user', allUserChat: 'disabled' })).toBe(false);
  });
  it('lets admins, showDashboard and userClosePendingTicket close pending tickets', () => {
    expect(canClosePending({ profile: 'user', userClosePendingTicket: 'enabled' })).toBe(true);
    expect(canClosePending({ profile: 'user', showDashboard: 'enabled', userClosePendingTicket: 'disabled' })).toBe(true);
    expect(canClosePending({ profile: 'user', userClosePendingTicket: 'disabled' })).toBe(false);
    expect(canSeeGroups({ allowGroup: true })).toBe(true);
  });
});
