import { api } from '../../../services/api';

/** GET /queue answers every queue of the company (a plain list). */
export const QUEUES_PATH = '/queue';

export const createQueue = (data) => api.post('/queue', data);
export const updateQueue = (id, data) => api.put(`/queue/${id}`, data);
export const deleteQueue = (id) => api.delete(`/queue/${id}`);
