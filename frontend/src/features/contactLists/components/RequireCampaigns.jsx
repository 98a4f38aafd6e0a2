import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Forbidden from '../../../components/Forbidden';
import { toast } from '../../../services/toast';
import { isAdmin } from '../../../utils/permissions';
import { useAuth } from '../../auth/hooks/useAuth';
import { campaignsPlanOn } from '../api/access';

export const REDIRECT_DELAY = 1000;

/**
 * The contact list pages' guard: without the plan's campaigns an error toast and home after
 * 1 s (spec/3 §8); a profile user sees the 403 view.
 */
export default function RequireCampaigns({ children }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const planOn = campaignsPlanOn(user);
  useEffect(() => {
    if (planOn) return undefined;
    toast.error(t('contactLists.noPlan'));
    const timer = setTimeout(() => navigate('/'), REDIRECT_DELAY);
    return () => clearTimeout(timer);
  }, [planOn, navigate, t]);
  if (!planOn) return null;
  return isAdmin(user) ? children : <Forbidden />;
}
