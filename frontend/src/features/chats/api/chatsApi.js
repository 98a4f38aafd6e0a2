import { api } from '../../../services/api';

export const CHATS_PATH = '/chats';

export const listChats = (params) => api.get(CHATS_PATH, params);
export const getChat = (ref) => api.get(`${CHATS_PATH}/${ref}`);
export const createChat = (body) => api.post(CHATS_PATH, body);
export const updateChat = (id, body) => api.put(`${CHATS_PATH}/${id}`, body);
export const deleteChat = (id) => api.delete(`${CHATS_PATH}/${id}`);
/** A page of messages, oldest first; before (a message id) asks for the older ones. */
export const listChatMessages = (id, before) => api.get(`${CHATS_PATH}/${id}/messages`, before ? { before } : {});
export const sendChatMessage = (id, message) => api.post(`${CHATS_PATH}/${id}/messages`, { message });
export const markChatRead = (id, userId) => api.post(`${CHATS_PATH}/${id}/read`, { userId });
