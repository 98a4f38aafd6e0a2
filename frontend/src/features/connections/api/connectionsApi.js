import { api } from '../../../services/api';

/** GET /whatsapp answers every connection of the company (a plain list). */
export const CONNECTIONS_PATH = '/whatsapp';

export const getConnection = (id) => api.get(`/whatsapp/${id}`, { session: 0 });
export const createConnection = (data) => api.post('/whatsapp', data);
export const updateConnection = (id, data) => api.put(`/whatsapp/${id}`, data);
export const deleteConnection = (id) => api.delete(`/whatsapp/${id}`);

/** Session actions (spec/2 §4): retry, new QR code, disconnect. */
export const retrySession = (id) => api.post(`/whatsappsession/${id}`);
export const newQrCode = (id) => api.put(`/whatsappsession/${id}`);
export const disconnectSession = (id) => api.delete(`/whatsappsession/${id}`);
