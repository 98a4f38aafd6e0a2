import Forbidden from '../../../components/Forbidden';
import useSendHomeUnless from '../../../hooks/useSendHomeUnless';
import { isAdmin } from '../../../utils/permissions';
import { useAuth } from '../../auth/hooks/useAuth';
import { promptsPlanOn } from '../api/promptForm';

/**
 * The /prompts guard: without the plan's useOpenAi an error toast and home after 1 s
 * (spec/3 §2, §8); a profile user sees the no-access view.
 */
export default function RequirePrompts({ children }) {
  const { user } = useAuth();
  if (!useSendHomeUnless(promptsPlanOn(user), 'prompts.noPlan')) return null;
  return isAdmin(user) ? children : <Forbidden />;
}
