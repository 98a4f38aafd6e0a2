import { api } from '../../../services/api';

export { TAGS_LIST_PATH } from '../../tags/api/tagsApi';

export const CONTACTS_PATH = '/contacts';

export const getContact = (id) => api.get(`/contacts/${id}`);
export const createContact = (data) => api.post('/contacts', data);
export const updateContact = (id, data) => api.put(`/contacts/${id}`, data);
export const deleteContact = (id) => api.delete(`/contacts/${id}`);
export const setContactActive = (id, active) => api.put(`/contacts/block/${id}`, { active });

/** Makes tags exactly the contact's tags; a tag without id is found by name or created. */
export const syncContactTags = (contactId, tags) => api.post('/tags/sync', { contactId, tags });

/** Starts a ticket for a contact; answers the ticket (uuid). */
export const createTicket = (data) => api.post('/tickets', data);

/** GET /tags/list answers a plain array (or { tags } from some servers). */
export const tagsFromList = (data) => (Array.isArray(data) ? data : data?.tags || []);

/** GET /contacts/export with the list's filters: the .xlsx the server streams (tags and extra info included). */
export const exportPath = (params) => {
  const query = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== ''));
  const qs = query.toString();
  return `/contacts/export${qs ? `?${qs}` : ''}`;
};
