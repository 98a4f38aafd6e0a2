import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../services/toast';
import { isSuper } from '../../../utils/permissions';
import { useAuth } from '../../auth/hooks/useAuth';
import CompaniesManager from '../components/CompaniesManager';

/** How long the no-permission message shows before the redirect home (spec/2 §8). */
export const REDIRECT_DELAY_MS = 1000;

/** /companies: the companies manager for super users; anyone else is told and sent home after 1 s. */
export default function CompaniesPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const allowed = isSuper(user);
  useEffect(() => {
    if (allowed) return undefined;
    toast.error(t('companies.noPermission'));
    const timer = setTimeout(() => navigate('/'), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [allowed, navigate, t]);
  return allowed ? <CompaniesManager /> : null;
}
