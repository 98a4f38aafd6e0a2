import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../features/auth/hooks/useAuth';
import { toast } from '../services/toast';
import { isSuper } from '../utils/permissions';

export const REDIRECT_DELAY = 1000;

/** Super users only (announcements, spec/3 §2): others get an error toast, then home after 1 s. */
export default function RequireSuper({ children }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const allowed = isSuper(user);
  useEffect(() => {
    if (allowed) return undefined;
    toast.error(t('announcements.noPermission'));
    const timer = setTimeout(() => navigate('/'), REDIRECT_DELAY);
    return () => clearTimeout(timer);
  }, [allowed, navigate, t]);
  return allowed ? children : null;
}
