import { api } from '../../../services/api';

export const HELPS_PATH = '/helps';
export const listHelps = () => api.get(HELPS_PATH);
export const createHelp = (data) => api.post(HELPS_PATH, data);
export const updateHelp = (id, data) => api.put(`${HELPS_PATH}/${id}`, data);
export const deleteHelp = (id) => api.delete(`${HELPS_PATH}/${id}`);

/** Help form submit delay (spec/2 §9). */
export const SUBMIT_DELAY = 500;

const CODE = /^[A-Za-z0-9_-]{6,20}$/;

/** A YouTube link or code → the code (what the server keeps). */
export function videoCode(value) {
  let s = String(value ?? '').trim();
  const mark = ['watch?v=', 'youtu.be/', '/embed/', '/shorts/'].find((m) => s.includes(m));
  if (mark) s = s.slice(s.indexOf(mark) + mark.length).split(/[&?#/]/)[0];
  return s;
}

export const isVideoCode = (code) => CODE.test(code);
/** The still the grid shows and the player the modal embeds (youtube-nocookie: no tracking cookie until play). */
export const thumbnailUrl = (code) => `https://img.youtube.com/vi/${encodeURIComponent(code)}/hqdefault.jpg`;
export const embedUrl = (code) => `https://www.youtube-nocookie.com/embed/${encodeURIComponent(code)}?autoplay=1`;

/** Title required; the video, when given, must be a code or link. Errors are i18n keys. */
export function validateHelp(values) {
  const errors = {};
  if (!String(values.title ?? '').trim()) errors.title = 'validation.required';
  const code = videoCode(values.video);
  if (code && !isVideoCode(code)) errors.video = 'helps.invalidVideo';
  return errors;
}
