import { api } from '../../../services/api';

export const PHRASES_PATH = '/flowcampaign';
export const CONNECTIONS_PATH = '/whatsapp';
const MAX_FLOW_PAGES = 50;

export const getPhraseCampaign = (id) => api.get(`/flowcampaign/${id}`);
export const createPhraseCampaign = (data) => api.post('/flowcampaign', data);
export const updatePhraseCampaign = (id, data) => api.put('/flowcampaign', { id, ...data });
export const deletePhraseCampaign = (id) => api.delete(`/flowcampaign/${id}`);

/** Every flow of the company ({ id, name }), page after page of GET /flowbuilder. */
export async function listAllFlows() {
  const all = [];
  for (let pageNumber = 1; pageNumber <= MAX_FLOW_PAGES; pageNumber += 1) {
    // eslint-disable-next-line no-await-in-loop -- each page says whether another follows
    const data = await api.get('/flowbuilder', { pageNumber });
    all.push(...(Array.isArray(data?.flows) ? data.flows : []));
    if (!data?.hasMore) break;
  }
  return all;
}
