import { api } from '../../../services/api';

/** GET /whatsapp answers every connection of the company (a plain list). */
export const CONNECTIONS_PATH = '/whatsapp';
/** GET /whatsapp/all: every company's connections (super users, /allConnections). */
export const ALL_CONNECTIONS_PATH = '/whatsapp/all';

export const getConnection = (id) => api.get(`/whatsapp/${id}`, { session: 0 });
export const createConnection = (data) => api.post('/whatsapp', data);
export const updateConnection = (id, data) => api.put(`/whatsapp/${id}`, data);
export const deleteConnection = (id) => api.delete(`/whatsapp/${id}`);

/** The greeting's media attachment (multipart 'file'). */
export function uploadGreetingMedia(id, file) {
  const form = new FormData();
  form.append('file', file);
  return api.post(`/whatsapp/${id}/media-upload`, form);
}
export const deleteGreetingMedia = (id) => api.delete(`/whatsapp/${id}/media-upload`);

/** Session actions (spec/2 §4): retry, new QR code, disconnect. */
export const retrySession = (id) => api.post(`/whatsappsession/${id}`);
export const newQrCode = (id) => api.put(`/whatsappsession/${id}`);
export const disconnectSession = (id) => api.delete(`/whatsappsession/${id}`);
/** Restarts every connection of the company. */
export const restartConnections = () => api.post('/whatsapp-restart/');
/** Closes the tickets an old-message import opened. */
export const closeImportedTickets = (id) => api.post(`/closedimported/${id}`);

/** Links the Facebook pages (and, with addInstagram, their Instagram accounts) of a Facebook login. */
export const linkFacebook = ({ facebookUserId, facebookUserToken, addInstagram }) =>
  api.post('/facebook', { facebookUserId, facebookUserToken, addInstagram });

/** Pairs by phone number instead of the QR code: the code follows on whatsappSession. */
export const requestPairingCode = (id, number) => api.post(`/whatsappsession/${id}/pairing-code`, { number });
