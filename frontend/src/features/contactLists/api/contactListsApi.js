import { api, buildUrl, getToken, refreshToken } from '../../../services/api';

export const CONTACT_LISTS_PATH = '/contact-lists';
export const CONTACT_LIST_ITEMS_PATH = '/contact-list-items';
export const EXAMPLE_PATH = '/contact-lists/example';

export const getContactList = (id) => api.get(`/contact-lists/${id}`);
export const createContactList = (data) => api.post('/contact-lists', data);
export const updateContactList = (id, data) => api.put(`/contact-lists/${id}`, data);
export const deleteContactList = (id) => api.delete(`/contact-lists/${id}`);

export const createContactListItem = (data) => api.post('/contact-list-items', data);
export const updateContactListItem = (id, data) => api.put(`/contact-list-items/${id}`, data);
export const deleteContactListItem = (id) => api.delete(`/contact-list-items/${id}`);

/** The list's latest imports, newest first. */
export const listImports = (listId) => api.get(`/contact-lists/${listId}/imports`);

/** POST /contact-lists/{id}/check: every number checked on WhatsApp again (the job it started). */
export const recheckNumbers = (listId, connectionId = null) =>
  api.post(`/contact-lists/${listId}/check`, connectionId ? { connectionId } : {});

/** POST /contact-lists/{id}/upload (multipart file): the import it started. */
export function uploadSpreadsheet(listId, file) {
  const form = new FormData();
  form.append('file', file);
  return api.post(`/contact-lists/${listId}/upload`, form);
}

export const refusedPath = (listId, importId) => `/contact-lists/${listId}/imports/${importId}/refused`;

async function fetchBlob(path, retried = false) {
  const res = await fetch(buildUrl(path), { headers: { Authorization: `Bearer ${getToken()}` }, credentials: 'include' });
  if ((res.status === 401 || res.status === 403) && !retried) {
    await refreshToken();
    return fetchBlob(path, true);
  }
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.blob();
}

/** Downloads an authenticated file (a spreadsheet the server writes) under filename. */
export async function downloadFile(path, filename) {
  const blob = await fetchBlob(path);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
