import { isAdmin } from '../../../utils/permissions';

/** The plan's useCampaigns flag: campaigns and contact lists exist for the company (spec/3 §6). */
export const campaignsPlanOn = (user) => Boolean(user?.company?.plan?.useCampaigns);

/**
 * Whether the campaigns area shows in the menu: the plan's flag, and the company setting
 * campaignsEnabled (or the browser's cshow flag, the spec's other reading).
 */
export function campaignsShown(user, setting, storage = globalThis.localStorage) {
  if (!campaignsPlanOn(user)) return false;
  return setting === 'enabled' || Boolean(storage?.getItem?.('cshow'));
}

/** Contact lists and their items: admins only (profile user has no access, spec/3 §2 and §6). */
export const canManageContactLists = (user) => isAdmin(user) && campaignsPlanOn(user);
