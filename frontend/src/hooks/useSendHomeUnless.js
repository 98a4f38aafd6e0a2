import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '../services/toast';

/** How long a refusal's toast shows before the page sends the user home (spec/2 §8, spec/3 §8). */
export const REDIRECT_DELAY = 1000;

/**
 * A page the user may not open (a plan flag off, not a super user): unless allowed, the
 * error toast named by messageKey, then home after REDIRECT_DELAY. Returns allowed.
 */
export default function useSendHomeUnless(allowed, messageKey) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    if (allowed) return undefined;
    toast.error(t(messageKey));
    const timer = setTimeout(() => navigate('/'), REDIRECT_DELAY);
    return () => clearTimeout(timer);
  }, [allowed, messageKey, navigate, t]);
  return allowed;
}
