import { describe, expect, it } from 'vitest';
import { SHOWN_PERMISSIONS, USER_DEFAULTS, formToPayload, profilePayload, userToForm } from './userPayload';

describe('user payloads', () => {
  it('starts a new user with the spec defaults', () => {
    expect(userToForm(null)).toEqual(USER_DEFAULTS);
    expect(USER_DEFAULTS).toMatchObject({ startWork: '00:00', endWork: '23:59', userClosePendingTicket: 'enabled', allTicket: 'disable' });
  });

  it('opens the side menu with its labels for new users, attendants too', () => {
    expect(USER_DEFAULTS.defaultMenu).toBe('open');
  });

  it('shows every permission toggle (the dashboard and real-time panel exist) and keeps their values', () => {
    expect(SHOWN_PERMISSIONS).toEqual(['allHistoric', 'allUserChat', 'userClosePendingTicket', 'showDashboard', 'allowRealTime', 'allowConnections']);
    const payload = formToPayload(userToForm({ id: 3, name: 'Ana', email: 'ana@x.io', showDashboard: 'enabled' }), { canSetSuper: false, withQueues: false });
    expect(payload).toMatchObject({ showDashboard: 'enabled', allowRealTime: 'disabled' });
  });

  it('loads a user into the form with queue ids and no password', () => {
    const form = userToForm({ id: 3, name: 'Ana', email: 'ana@x.io', profile: 'admin', queues: [{ id: 4 }, { id: 9 }], showDashboard: 'enabled' });
    expect(form).toMatchObject({ name: 'Ana', profile: 'admin', queueIds: [4, 9], password: '', showDashboard: 'enabled', allowRealTime: 'disabled' });
    expect(form.id).toBeUndefined();
  });

  it('leaves out a blank password, queues that could not be listed and the super flag of non-super users', () => {
    const values = { ...USER_DEFAULTS, name: 'Ana', email: ' Ana@X.io ', super: true, queueIds: [1] };
    const payload = formToPayload(values, { canSetSuper: false, withQueues: false });
    expect(payload).not.toHaveProperty('password');
    expect(payload).not.toHaveProperty('queueIds');
    expect(payload).not.toHaveProperty('super');
    expect(payload.email).toBe('ana@x.io');
  });

  it('sends password, queues and super when allowed', () => {
    const values = { ...USER_DEFAULTS, name: 'Ana', email: 'ana@x.io', password: 'Secret1', super: true, queueIds: [1] };
    expect(formToPayload(values, { canSetSuper: true, withQueues: true })).toMatchObject({ password: 'Secret1', super: true, queueIds: [1] });
  });

  it('limits the profile payload to what a user may change', () => {
    expect(profilePayload({ name: ' Ana ', email: 'ANA@x.io', password: '', profile: 'admin' })).toEqual({ name: 'Ana', email: 'ana@x.io' });
  });
});
