import { api, buildUrl, getToken, refreshToken } from '../../../services/api';

export const FLOWS_PATH = '/flowbuilder';

export const createFlow = (name) => api.post('/flowbuilder', { name });
export const updateFlow = (flowId, data) => api.put('/flowbuilder', { flowId, ...data });
export const deleteFlow = (id) => api.delete(`/flowbuilder/${id}`);
export const duplicateFlow = (flowId) => api.post('/flowbuilder/duplicate', { flowId });
/** GET /flowbuilder/flow/:id → { flow: { id, name, active, flow: { nodes, connections } } }. */
export const getFlowGraph = (id) => api.get(`/flowbuilder/flow/${id}`);
/** POST /flowbuilder/flow { idFlow, nodes, connections }; 400 ERR_FLOW_INVALID names fields.nodeId. */
export const saveFlowGraph = (body) => api.post('/flowbuilder/flow', body);
/** Starts a run of the flow for a sandbox customer: { ticketId, number }. */
export const simulateFlow = (id, whatsappId, number) => api.post(`/flowbuilder/${id}/simulate`, { whatsappId, ...(number ? { number } : {}) });

export const QUEUES_PATH = '/queue';
export const CONNECTIONS_PATH = '/whatsapp';

/** POST /flowbuilder/content (multipart medias): the stored names, in the files' order. */
export function uploadContent(files) {
  const form = new FormData();
  files.forEach((file) => form.append('medias', file));
  return api.post('/flowbuilder/content', form);
}

/** POST /flowbuilder/img (multipart medias): one image → its stored name. */
export async function uploadImage(file) {
  const form = new FormData();
  form.append('medias', file);
  return (await api.post('/flowbuilder/img', form))?.name;
}

/** POST /flowbuilder/audio (multipart audio): one audio → its stored name. */
export async function uploadAudio(file) {
  const form = new FormData();
  form.append('audio', file);
  return (await api.post('/flowbuilder/audio', form))?.name;
}

/** A video goes up through the content endpoint (it has no endpoint of its own) → its stored name. */
export const uploadVideo = async (file) => (await uploadContent([file]))?.[0];

/**
 * A browser URL for a stored flow media: GET /flowbuilder/media?name= answers a redirect to a
 * signed URL, behind the bearer token, so the file is fetched here and shown from a blob URL
 * (the caller revokes it).
 */
export async function mediaObjectUrl(name, retried = false) {
  const res = await fetch(buildUrl('/flowbuilder/media', { name }), { headers: { Authorization: `Bearer ${getToken()}` }, credentials: 'include' });
  if ((res.status === 401 || res.status === 403) && !retried) {
    await refreshToken();
    return mediaObjectUrl(name, true);
  }
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return URL.createObjectURL(await res.blob());
}
