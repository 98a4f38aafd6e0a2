import { api } from '../../../services/api';

/** GET /queue answers every queue of the company (a plain list). */
export const QUEUES_PATH = '/queue';
/** GET /queue/{id}: the queue with its hours, file list and option tree (`chatbots`). */
export const queuePath = (id) => `/queue/${id}`;
/** Read-only lists for the selects: file lists ({ files, hasMore }) and the company's users. */
export const FILES_PATH = '/files/';
export const USERS_PATH = '/users/list';
export const companySchedulesPath = (companyId) => `/companies/${companyId}/schedules`;

export const createQueue = (data) => api.post('/queue', data);
export const updateQueue = (id, data) => api.put(`/queue/${id}`, data);
export const deleteQueue = (id) => api.delete(`/queue/${id}`);
export const getCompanySchedules = (companyId) => api.get(companySchedulesPath(companyId));

export const createOption = (data) => api.post('/chatbot', data);
export const updateOption = (id, data) => api.put(`/chatbot/${id}`, data);
export const deleteOption = (id) => api.delete(`/chatbot/${id}`);
