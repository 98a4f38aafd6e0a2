import { api } from '../../../services/api';

/**
 * A pretend customer writes to a sandbox connection: JSON { id, number, name, body } or, with a
 * file, multipart with 'media'. The id makes a retried post a no-op on the server.
 */
export function sendInbound(connectionId, { id, number, name, body, file }) {
  if (!file) return api.post(`/sandbox/${connectionId}/inbound`, { id, number, name, body });
  const form = new FormData();
  form.append('id', id);
  form.append('number', number);
  form.append('name', name);
  form.append('body', body || '');
  form.append('media', file);
  return api.post(`/sandbox/${connectionId}/inbound`, form);
}

/**
 * What Atende delivered to the customer after outbox id `after` ({ messages }) and, with
 * inboundAfter, what the customer sent after that message id ({ inbound }), oldest first.
 */
export const fetchOutbound = (connectionId, { number, after, inboundAfter }) =>
  api.get(`/sandbox/${connectionId}/outbound`, { number, after, inboundAfter });

/** The sandbox's pretend time: { clockOffset, at (company zone) | null, timezone }. */
export const clockKey = (connectionId) => `/sandbox/${connectionId}/clock`;

/** Sets the pretend time (a wall time 'YYYY-MM-DDTHH:mm' in the company's zone) or, with null, the real clock. */
export const setClock = (connectionId, at) => api.put(clockKey(connectionId), { at });
