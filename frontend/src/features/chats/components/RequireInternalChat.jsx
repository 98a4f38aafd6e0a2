import useSendHomeUnless from '../../../hooks/useSendHomeUnless';
import { useAuth } from '../../auth/hooks/useAuth';
import { internalChatAllowed } from '../api/access';

/** Without the plan's useInternalChat: the spec's error toast, then home after 1 s. */
export default function RequireInternalChat({ children }) {
  const { user } = useAuth();
  return useSendHomeUnless(internalChatAllowed(user), 'chats.noPlan') ? children : null;
}
