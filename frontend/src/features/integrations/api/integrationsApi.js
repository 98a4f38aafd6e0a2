import { api } from '../../../services/api';

export const INTEGRATIONS_PATH = '/queueIntegration';

export const getIntegration = (id) => api.get(`/queueIntegration/${id}`);
export const createIntegration = (data) => api.post('/queueIntegration', data);
export const updateIntegration = (id, data) => api.put(`/queueIntegration/${id}`, data);
export const deleteIntegration = (id) => api.delete(`/queueIntegration/${id}`);
export const testDialogflow = (data) => api.post('/queueIntegration/testSession', data);

/** The plan's useIntegrations flag opens /queue-integration and the integration selects. */
export const integrationsAllowed = (user) => Boolean(user?.company?.plan?.useIntegrations);
