import useCompanyEvent from '../../../hooks/useCompanyEvent';
import { useAuth } from '../../auth/hooks/useAuth';

/**
 * Calls handler(data) for the signed-in user's chat events: their chat-user event (a chat of
 * theirs created, changed, read elsewhere or deleted) and the chat event (a new message in
 * one of their chats). The server sends both to the chat's members only.
 */
export default function useChatEvents(handler) {
  const { user } = useAuth();
  useCompanyEvent(user?.id ? `chat-user-${user.id}` : null, handler);
  useCompanyEvent('chat', handler);
}
