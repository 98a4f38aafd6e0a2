import Forbidden from '../../../components/Forbidden';
import useSendHomeUnless from '../../../hooks/useSendHomeUnless';
import { isAdmin } from '../../../utils/permissions';
import { useAuth } from '../../auth/hooks/useAuth';
import { campaignsPlanOn } from '../api/access';

/**
 * The contact list pages' guard: without the plan's campaigns an error toast and home after
 * 1 s (spec/3 §8); a profile user sees the 403 view.
 */
export default function RequireCampaigns({ children }) {
  const { user } = useAuth();
  if (!useSendHomeUnless(campaignsPlanOn(user), 'contactLists.noPlan')) return null;
  return isAdmin(user) ? children : <Forbidden />;
}
