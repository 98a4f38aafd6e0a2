import { api } from '../../../services/api';

export const IMPORTS_PATH = '/contacts/imports';
export const FIELDS = ['name', 'number', 'email', 'tags'];
export const REQUIRED = ['name', 'number'];
export const ACCEPT = '.xlsx,.csv,.txt';

/** POST /contacts/upload (multipart file): the preview (import, header, rows, suggested mapping). */
export function uploadContacts(file) {
  const form = new FormData();
  form.append('file', file);
  return api.post('/contacts/upload', form);
}

export const startImport = (id, body) => api.post(`${IMPORTS_PATH}/${id}/start`, body);
export const getImport = (id) => api.get(`${IMPORTS_PATH}/${id}`);
/** POST /contacts/import { whatsappId }: the phone's contacts of a WhatsApp (QR code) connection. */
export const importFromPhone = (whatsappId) => api.post('/contacts/import', { whatsappId });
export const refusedPath = (id) => `${IMPORTS_PATH}/${id}/refused`;

/** The first mapping problem (an i18n key under contactImport.errors), or null. */
export function mappingError(mapping) {
  if (mapping.name == null) return 'nameNotSelected';
  if (mapping.number == null) return 'numberNotSelected';
  const used = FIELDS.map((f) => mapping[f]).filter((c) => c != null);
  if (new Set(used).size !== used.length) return 'columnTwice';
  return null;
}

/**
 * The selection the server takes: all the file's rows but the preview rows unticked, or only
 * the ticked preview rows. picked is a Set of row numbers.
 */
export function selectionOf(allRows, rows, picked) {
  if (allRows) return { allRows: true, exceptRows: rows.map((r) => r.line).filter((l) => !picked.has(l)) };
  return { allRows: false, rows: rows.map((r) => r.line).filter((l) => picked.has(l)) };
}

/** A mapping with one field moved to column col (null: none); a column feeds one field. */
export function assign(mapping, field, col) {
  const next = { ...mapping, [field]: col };
  if (col != null) FIELDS.forEach((f) => { if (f !== field && next[f] === col) next[f] = null; });
  return next;
}

/** Whether an import is still running. */
export const running = (im) => Boolean(im && ['pending', 'reading'].includes(im.status));

/** The newer of two records of one import (events may arrive out of order). */
export function newer(current, next) {
  if (!next || (current && next.id !== current.id)) return current;
  if (!current) return next;
  return new Date(next.updatedAt) >= new Date(current.updatedAt) ? next : current;
}
