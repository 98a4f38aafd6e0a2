import { useAuth } from '../features/auth/hooks/useAuth';
import useSendHomeUnless from '../hooks/useSendHomeUnless';
import { isSuper } from '../utils/permissions';

/** Super users only (announcements, spec/3 §2): others get an error toast, then home after 1 s. */
export default function RequireSuper({ children, message = 'announcements.noPermission' }) {
  const { user } = useAuth();
  return useSendHomeUnless(isSuper(user), message) ? children : null;
}
