import { buildUrl } from '../../../services/api';

/** The external send endpoint (BEHAVIOUR §13); its bearer is a connection's token, not the user's session. */
export const SEND_PATH = '/api/messages/send';

/** The API's OpenAPI description, served by the api. */
export const openapiUrl = (origin = window.location.origin) => new URL(buildUrl('/api/openapi.yaml'), origin).href;

/** The endpoint's absolute address, as an integrator would call it. */
export const sendUrl = (origin = window.location.origin) => new URL(buildUrl(SEND_PATH), origin).href;

async function post(token, body) {
  const headers = { Accept: 'application/json', Authorization: `Bearer ${token}` };
  if (!(body instanceof FormData)) headers['Content-Type'] = 'application/json';
  const res = await fetch(buildUrl(SEND_PATH), { method: 'POST', headers, body: body instanceof FormData ? body : JSON.stringify(body) });
  const text = await res.text();
  let data = text;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // a plain-text answer is shown as it is
  }
  return { ok: res.ok, status: res.status, data };
}

/** JSON: { number, body, userId?, queueId?, sendSignature?, closeTicket? }. Resolves with { ok, status, data }. */
export const sendText = (token, body) => post(token, body);

/** Multipart: number, body (caption) and the file as 'medias'. */
export function sendMedia(token, { number, body, file }) {
  const form = new FormData();
  form.append('number', number);
  form.append('body', body || '');
  form.append('medias', file);
  return post(token, form);
}
