import { api } from '../../../services/api';

export const INTEGRATIONS_PATH = '/queueIntegration';

export const getIntegration = (id) => api.get(`/queueIntegration/${id}`);
export const createIntegration = (data) => api.post('/queueIntegration', data);
export const updateIntegration = (id, data) => api.put(`/queueIntegration/${id}`, data);
export const deleteIntegration = (id) => api.delete(`/queueIntegration/${id}`);
export const testDialogflow = (data) => api.post('/queueIntegration/testSession', data);

/** The plan's useIntegrations flag opens /queue-integration and the integration selects. */
export const integrationsAllowed = (user) => Boolean(user?.company?.plan?.useIntegrations);

const MAX_PAGES = 50;

/** Every integration of the company, page after page ({ queueIntegrations, hasMore }). */
export async function listAllIntegrations() {
  const all = [];
  for (let pageNumber = 1; pageNumber <= MAX_PAGES; pageNumber += 1) {
    // eslint-disable-next-line no-await-in-loop -- each page says whether another follows
    const data = await api.get(INTEGRATIONS_PATH, { pageNumber });
    all.push(...(Array.isArray(data?.queueIntegrations) ? data.queueIntegrations : []));
    if (!data?.hasMore) break;
  }
  return all;
}
