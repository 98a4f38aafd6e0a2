import { api } from '../../../services/api';

/** GET /messages/{ticketId}?before={oldestId} → {messages (oldest first), hasMore, ticket}. */
export const listMessages = (ticketId, before) => api.get(`/messages/${ticketId}`, { before: before || undefined });

/** JSON send: {body, quotedMsgId, isPrivate, signMessage, vCard}. */
export const sendMessage = (ticketId, data) => api.post(`/messages/${ticketId}`, data);

/** Multipart send: medias[] plus body (caption), isPrivate and signMessage. */
export function sendMedia(ticketId, files, { body = '', isPrivate = false, signMessage = false } = {}) {
  const form = new FormData();
  files.forEach((file) => form.append('medias', file, file.name));
  form.append('body', body);
  form.append('fromMe', 'true');
  form.append('isPrivate', isPrivate ? 'true' : 'false');
  form.append('signMessage', signMessage ? 'true' : 'false');
  return api.post(`/messages/${ticketId}`, form);
}

export const editMessage = (id, body) => api.post(`/messages/edit/${id}`, { body });
export const deleteMessage = (id) => api.delete(`/messages/${id}`);
export const forwardMessage = (messageId, contactId, signMessage) =>
  api.post('/message/forward', { messageId, contactId, signMessage });
