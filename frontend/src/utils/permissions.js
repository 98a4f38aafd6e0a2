export const isAdmin = (user) => user?.profile === 'admin';
export const isSuper = (user) => Boolean(user?.super);

/** The dashboard (/): admins, and plain users with showDashboard enabled; others see the 403 page (spec/1 §6). */
export const canSeeDashboard = (user) => isAdmin(user) || user?.showDashboard === 'enabled';

/** The real-time panel (/moments): admins, and plain users with allowRealTime enabled (spec/2). */
export const canSeeMoments = (user) => isAdmin(user) || user?.allowRealTime === 'enabled';
