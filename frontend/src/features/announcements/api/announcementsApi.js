import { api } from '../../../services/api';

export const ANNOUNCEMENTS_PATH = '/announcements';
export const ACTIVE_PATH = '/announcements/active';
/** The live event (spec/3): the platform's, not one company's. */
export const ANNOUNCEMENT_EVENT = 'company-announcement';
export const PRIORITIES = [1, 2, 3];
/** Priority colours (spec/3): 1 high red, 2 medium orange, 3 low grey. */
export const PRIORITY_COLORS = { 1: '#d32f2f', 2: '#ed6c02', 3: '#9e9e9e' };
/** Attachments: png, jpg, jpeg (spec/3 §5). */
export const MEDIA_ACCEPT = 'image/png,image/jpeg';

export const createAnnouncement = (data) => api.post(ANNOUNCEMENTS_PATH, data);
export const updateAnnouncement = (id, data) => api.put(`${ANNOUNCEMENTS_PATH}/${id}`, data);
export const deleteAnnouncement = (id) => api.delete(`${ANNOUNCEMENTS_PATH}/${id}`);
export const deleteAnnouncementMedia = (id) => api.delete(`${ANNOUNCEMENTS_PATH}/${id}/media-upload`);

export function uploadAnnouncementMedia(id, file) {
  const form = new FormData();
  form.append('typeArch', 'announcements');
  form.append('file', file);
  return api.post(`${ANNOUNCEMENTS_PATH}/${id}/media-upload`, form);
}

export const announcementToForm = (record) => ({
  title: record?.title ?? '',
  text: record?.text ?? '',
  priority: record?.priority ?? 3,
  status: record?.status ?? true,
});

/** Title and text required (spec/3 §5); errors are i18n keys. */
export function validateAnnouncement(values) {
  const errors = {};
  if (!String(values.title ?? '').trim()) errors.title = 'validation.required';
  if (!String(values.text ?? '').trim()) errors.text = 'validation.required';
  return errors;
}

/** The popover's list after an event: active ones only, most urgent then newest. */
export function applyAnnouncementEvent(list, data) {
  const rest = (list || []).filter((a) => a.id !== (data?.record?.id ?? data?.id));
  const next = data?.action !== 'delete' && data?.record?.status ? [...rest, data.record] : rest;
  return next.sort((a, b) => a.priority - b.priority || b.id - a.id);
}
