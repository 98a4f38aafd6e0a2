import { isAdmin } from '../../../utils/permissions';

/** A user toggle is on ('enable', 'enabled' or true). */
export const isOn = (value) => value === true || value === 'enable' || value === 'enabled';

/** Rule tickets-manager:showall: admins and users with allUserChat. */
export const canShowAll = (user) => isAdmin(user) || isOn(user?.allUserChat);

/** Closing or ignoring pending and lgpd tickets. */
export const canClosePending = (user) =>
  isAdmin(user) || isOn(user?.showDashboard) || isOn(user?.userClosePendingTicket);

/** Tickets without a queue are listed for admins and users with allTicket (as the server lists them). */
export const canSeeNoQueue = (user) => isAdmin(user) || isOn(user?.allTicket);

/** The group tab needs allowGroup. */
export const canSeeGroups = (user) => isOn(user?.allowGroup);

export const companyIdOf = (user) => user?.companyId ?? user?.company?.id;
