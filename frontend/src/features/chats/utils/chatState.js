/** Pure helpers of the chat list, the popover and the conversation. */

/** The viewer's unread count of a chat. */
export const myUnreads = (chat, userId) => chat?.users?.find((u) => u.userId === userId)?.unreads ?? 0;

/**
 * Only a chat's owner sees its edit and delete buttons (spec/3 §6); the server also lets an
 * admin member edit or delete through the API.
 */
export const canManage = (chat, user) => Boolean(chat && user && chat.ownerId === user.id);

/** The list with chat on top (moved there when listed). */
export const withChatOnTop = (list, chat) => [chat, ...list.filter((c) => c.id !== chat.id)];

/** The list with chat changed in place, or on top when it is new. */
export const withChat = (list, chat) => (list.some((c) => c.id === chat.id)
  ? list.map((c) => (c.id === chat.id ? chat : c))
  : [chat, ...list]);

export const withoutChat = (list, id) => list.filter((c) => c.id !== id);

/** Applies a chat event ({action, record | chat | id}) to a list of chats. */
export function applyChatEvent(list, data) {
  if (!data) return list;
  if (data.action === 'delete') return withoutChat(list, data.id);
  if (data.action === 'new-message' && data.chat) return withChatOnTop(list, data.chat);
  if ((data.action === 'create' || data.action === 'update') && data.record) return withChat(list, data.record);
  return list;
}

/** Messages with more appended (or older ones prepended), each id once, in id order. */
export function mergeMessages(list, more) {
  const byId = new Map(list.map((m) => [m.id, m]));
  more.forEach((m) => byId.set(m.id, m));
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The spec's chat dialog rule: a title and at least one user. */
export const canSaveChat = (title, users) => Boolean(title?.trim()) && users.length > 0;

/** Within px of the top of a scroll container (load older messages: 600 px, spec/3 §9). */
export const LOAD_OLDER_WITHIN = 600;
export const nearTop = (element, threshold = LOAD_OLDER_WITHIN) => element.scrollTop < threshold;
