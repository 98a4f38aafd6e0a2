import { api } from '../../../services/api';

/** GET /queue answers every queue of the company (a plain list). */
export const QUEUES_PATH = '/queue';
/** GET /queue/{id}: the queue with its hours, file list and option tree (`chatbots`). */
export const queuePath = (id) => `/queue/${id}`;
/** Read-only lists for the selects: file lists (GET /files/, paged) and the company's users. */
export const FILES_PATH = '/files/';
export const USERS_PATH = '/users/list';
const MAX_FILE_PAGES = 50;

/** Every file list of the company, page after page ({ files, hasMore }). */
export async function listAllFileLists() {
  const all = [];
  for (let pageNumber = 1; pageNumber <= MAX_FILE_PAGES; pageNumber += 1) {
    // eslint-disable-next-line no-await-in-loop -- each page says whether another follows
    const data = await api.get(FILES_PATH, { pageNumber });
    all.push(...(Array.isArray(data?.files) ? data.files : []));
    if (!data?.hasMore) break;
  }
  return all;
}
export const companySchedulesPath = (companyId) => `/companies/${companyId}/schedules`;

export const createQueue = (data) => api.post('/queue', data);
export const updateQueue = (id, data) => api.put(`/queue/${id}`, data);
export const deleteQueue = (id) => api.delete(`/queue/${id}`);
export const getCompanySchedules = (companyId) => api.get(companySchedulesPath(companyId));

export const createOption = (data) => api.post('/chatbot', data);
export const updateOption = (id, data) => api.put(`/chatbot/${id}`, data);
export const deleteOption = (id) => api.delete(`/chatbot/${id}`);
