import { api } from '../../../services/api';

export const TAGS_PATH = '/tags';
/** Every tag of the company (selectors); refreshed after tag changes. */
export const TAGS_LIST_PATH = '/tags/list';

/** Every cached tag list: TAGS_LIST_PATH alone or with params ([path, params], as the inbox asks). */
export const isTagListKey = (key) => key === TAGS_LIST_PATH || (Array.isArray(key) && key[0] === TAGS_LIST_PATH);

export const createTag = (data) => api.post('/tags', data);
export const updateTag = (id, data) => api.put(`/tags/${id}`, data);
export const deleteTag = (id) => api.delete(`/tags/${id}`);
