import { api } from '../../../services/api';

export const PROMPTS_PATH = '/prompt';

export const createPrompt = (data) => api.post('/prompt', data);
export const updatePrompt = (id, data) => api.put(`/prompt/${id}`, data);
export const deletePrompt = (id) => api.delete(`/prompt/${id}`);
