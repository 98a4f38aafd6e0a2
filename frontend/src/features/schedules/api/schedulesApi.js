import { api } from '../../../services/api';

export const SCHEDULES_PATH = '/schedules';

export const getSchedule = (id) => api.get(`/schedules/${id}`);
export const createSchedule = (data) => api.post('/schedules', data);
export const updateSchedule = (id, data) => api.put(`/schedules/${id}`, data);
export const deleteSchedule = (id) => api.delete(`/schedules/${id}`);

/** POST /schedules as multipart: the fields and the image together (it leaves with its image even when due at once). */
export function createScheduleWithMedia(data, file) {
  const form = new FormData();
  Object.entries(data).forEach(([key, value]) => form.append(key, value == null ? '' : String(value)));
  form.append('file', file);
  return api.post('/schedules', form);
}

export function uploadScheduleMedia(id, file) {
  const form = new FormData();
  form.append('file', file);
  return api.post(`/schedules/${id}/media-upload`, form);
}

export const deleteScheduleMedia = (id) => api.delete(`/schedules/${id}/media-upload`);

/** Every schedule with sendAt in [start, end): the calendar's visible range, page after page. */
export async function listScheduleRange(start, end, extra = {}) {
  const out = [];
  for (let pageNumber = 1; pageNumber <= 20; pageNumber += 1) {
    // eslint-disable-next-line no-await-in-loop -- pages follow one another
    const page = await api.get('/schedules', { ...extra, start: start.toISOString(), end: end.toISOString(), pageNumber });
    out.push(...(page?.schedules || []));
    if (!page?.hasMore) break;
  }
  return out;
}
