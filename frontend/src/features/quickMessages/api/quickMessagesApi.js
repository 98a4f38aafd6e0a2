import { api } from '../../../services/api';

export const QUICK_MESSAGES_PATH = '/quick-messages';

export const createQuickMessage = (data) => api.post('/quick-messages', data);

/** POST /quick-messages as multipart: the fields and the file together (a file alone is a valid quick answer). */
export function createQuickMessageWithMedia(data, file) {
  const form = new FormData();
  Object.entries(data).forEach(([key, value]) => form.append(key, String(value)));
  form.append('file', file);
  return api.post('/quick-messages', form);
}
export const updateQuickMessage = (id, data) => api.put(`/quick-messages/${id}`, data);
export const deleteQuickMessage = (id) => api.delete(`/quick-messages/${id}`);

/** Multipart upload of the quick message's media (field file, typeArch quickMessage). */
export function uploadQuickMessageMedia(id, file) {
  const form = new FormData();
  form.append('typeArch', 'quickMessage');
  form.append('file', file);
  return api.post(`/quick-messages/${id}/media-upload`, form);
}

export const deleteQuickMessageMedia = (id) => api.delete(`/quick-messages/${id}/media-upload`);
