import { api } from '../../../services/api';

export const CAMPAIGNS_PATH = '/campaigns/';

export const getCampaign = (id) => api.get(`/campaigns/${id}`);
export const createCampaign = (data) => api.post('/campaigns', data);
export const updateCampaign = (id, data) => api.put(`/campaigns/${id}`, data);
export const deleteCampaign = (id) => api.delete(`/campaigns/${id}`);
export const cancelCampaign = (id) => api.post(`/campaigns/${id}/cancel`);
export const restartCampaign = (id) => api.post(`/campaigns/${id}/restart`);
export const getReport = (id) => api.get(`/campaigns/${id}/report`);
export const shippingsPath = (id) => `/campaigns/${id}/shippings`;

/** Multipart upload of the campaign's file (field file). */
export function uploadCampaignMedia(id, file) {
  const form = new FormData();
  form.append('file', file);
  return api.post(`/campaigns/${id}/media-upload`, form);
}
export const deleteCampaignMedia = (id) => api.delete(`/campaigns/${id}/media-upload`);

export const getCampaignSettings = () => api.get('/campaign-settings');
export const saveCampaignSettings = (settings) => api.post('/campaign-settings', { settings });
