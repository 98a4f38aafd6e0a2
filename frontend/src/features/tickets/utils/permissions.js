import { isAdmin } from '../../../utils/permissions';

/** A user toggle is on ('enable', 'enabled' or true). */
export const isOn = (value) => value === true || value === 'enable' || value === 'enabled';

/** Rule tickets-manager:showall: admins and users with allUserChat. */
export const canShowAll = (user) => isAdmin(user) || isOn(user?.allUserChat);

/** Closing or ignoring pending tickets (spec/1 §4: admins, showDashboard or userClosePendingTicket). */
export const canClosePending = (user) =>
  isAdmin(user) || isOn(user?.showDashboard) || isOn(user?.userClosePendingTicket);

/**
 * Ignoring (closing without farewell) a waiting ticket: a pending one as canClosePending; one
 * waiting for LGPD consent for admins or userClosePendingTicket only (spec/1 §6). The server
 * applies the same rule.
 */
export function canIgnore(user, status) {
  if (status === 'lgpd') return isAdmin(user) || isOn(user?.userClosePendingTicket);
  return status === 'pending' && canClosePending(user);
}

/** Tickets without a queue are listed for admins and users with allTicket (as the server lists them). */
export const canSeeNoQueue = (user) => isAdmin(user) || isOn(user?.allTicket);

/** The group tab needs allowGroup. */
export const canSeeGroups = (user) => isOn(user?.allowGroup);

export const companyIdOf = (user) => user?.companyId ?? user?.company?.id;
