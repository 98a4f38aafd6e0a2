export const ENABLED_PERMISSIONS = [
  'allHistoric',
  'allUserChat',
  'userClosePendingTicket',
  'showDashboard',
  'allowRealTime',
  'allowConnections',
];

/**
 * Permissions of pages that do not exist yet: the form hides their toggles until the pages
 * come, and keeps their stored values. (The dashboard and the real-time panel have come.)
 */
export const UPCOMING_PERMISSIONS = [];

/** The enabled/disabled toggles the permissions tab shows. */
export const SHOWN_PERMISSIONS = ENABLED_PERMISSIONS.filter((key) => !UPCOMING_PERMISSIONS.includes(key));

export const USER_DEFAULTS = {
  name: '',
  email: '',
  password: '',
  profile: 'user',
  super: false,
  queueIds: [],
  startWork: '00:00',
  endWork: '23:59',
  farewellMessage: '',
  allTicket: 'disable',
  allowGroup: false,
  defaultTheme: 'light',
  defaultMenu: 'open',
  allHistoric: 'disabled',
  allUserChat: 'disabled',
  userClosePendingTicket: 'enabled',
  showDashboard: 'disabled',
  allowRealTime: 'disabled',
  allowConnections: 'disabled',
};

/** Form values of a user (password always empty; queues as ids). */
export function userToForm(user) {
  if (!user) return { ...USER_DEFAULTS };
  const values = Object.fromEntries(
    Object.entries(USER_DEFAULTS).map(([key, fallback]) => [key, user[key] ?? fallback]),
  );
  return { ...values, password: '', queueIds: (user.queues || []).map((queue) => queue.id) };
}

/**
 * Body of POST/PUT /users: a blank password is left out (kept on edit), queues only when the
 * queue selector could be shown, and the super flag only from a super user.
 */
export function formToPayload(values, { canSetSuper, withQueues }) {
  const { password, super: superFlag, queueIds, ...rest } = values;
  return {
    ...rest,
    email: rest.email.trim().toLowerCase(),
    ...(password ? { password } : {}),
    ...(withQueues ? { queueIds } : {}),
    ...(canSetSuper ? { super: Boolean(superFlag) } : {}),
  };
}

/** What a user may change on their own profile (PUT /users/{id} leaves other fields as they are). */
export function profilePayload({ name, email, password }) {
  return { name: name.trim(), email: email.trim().toLowerCase(), ...(password ? { password } : {}) };
}
