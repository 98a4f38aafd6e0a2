import { api } from '../../../services/api';

export const TAGS_PATH = '/tags';
/** Every tag of the company (selectors); refreshed after tag changes. */
export const TAGS_LIST_PATH = '/tags/list';

export const createTag = (data) => api.post('/tags', data);
export const updateTag = (id, data) => api.put(`/tags/${id}`, data);
export const deleteTag = (id) => api.delete(`/tags/${id}`);
