import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../services/toast';
import { useAuth } from '../../auth/hooks/useAuth';
import { internalChatAllowed } from '../api/access';

export const REDIRECT_DELAY = 1000;

/** Without the plan's useInternalChat: the spec's error toast, then home after 1 s. */
export default function RequireInternalChat({ children }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const allowed = internalChatAllowed(user);
  useEffect(() => {
    if (allowed) return undefined;
    toast.error(t('chats.noPlan'));
    const timer = setTimeout(() => navigate('/'), REDIRECT_DELAY);
    return () => clearTimeout(timer);
  }, [allowed, navigate, t]);
  return allowed ? children : null;
}
