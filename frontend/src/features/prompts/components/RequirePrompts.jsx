import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Forbidden from '../../../components/Forbidden';
import { toast } from '../../../services/toast';
import { isAdmin } from '../../../utils/permissions';
import { useAuth } from '../../auth/hooks/useAuth';
import { promptsPlanOn } from '../api/promptForm';

export const REDIRECT_DELAY = 1000;

/**
 * The /prompts guard: without the plan's useOpenAi an error toast and home after 1 s
 * (spec/3 §2, §8); a profile user sees the no-access view.
 */
export default function RequirePrompts({ children }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const planOn = promptsPlanOn(user);
  useEffect(() => {
    if (planOn) return undefined;
    toast.error(t('prompts.noPlan'));
    const timer = setTimeout(() => navigate('/'), REDIRECT_DELAY);
    return () => clearTimeout(timer);
  }, [planOn, navigate, t]);
  if (!planOn) return null;
  return isAdmin(user) ? children : <Forbidden />;
}
