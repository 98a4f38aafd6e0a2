import { api } from '../../../services/api';

/** Calls of the inbox (spec/1 §7). Array filters travel as JSON array texts, e.g. "[1,2]". */

export const TICKETS_PATH = '/tickets';

const jsonArray = (values) => (values && values.length ? JSON.stringify(values.map(Number)) : undefined);

/** GET /tickets params for one list. */
export function ticketListParams({
  searchParam, pageNumber = 1, status, showAll, queueIds, tags, users, whatsappIds, withUnreadMessages,
  sortTickets, searchOnMessages, date, updatedAt,
}) {
  return {
    searchParam: searchParam || undefined,
    pageNumber,
    status: status || undefined,
    showAll: showAll ? 'true' : 'false',
    queueIds: JSON.stringify((queueIds || []).map(Number)),
    tags: jsonArray(tags),
    users: jsonArray(users),
    whatsappIds: jsonArray(whatsappIds),
    withUnreadMessages: withUnreadMessages ? 'true' : undefined,
    sortTickets: sortTickets || undefined,
    searchOnMessages: searchOnMessages ? 'true' : undefined,
    date: date || undefined,
    updatedAt: updatedAt || undefined,
  };
}

export const listTickets = (params) => api.get(TICKETS_PATH, ticketListParams(params));
export const getTicketByUuid = (uuid) => api.get(`/tickets/u/${uuid}`);
export const updateTicket = (id, data) => api.put(`/tickets/${id}`, data);
export const createTicket = (data) => api.post('/tickets', data);
export const deleteTicket = (id) => api.delete(`/tickets/${id}`);
export const closeAllTickets = (status, selectedQueueIds) => api.post('/tickets/closeAll', { status, selectedQueueIds });
export const getTicketLogs = (ticketId) => api.get(`/tickets-log/${ticketId}`);
export const setTicketTag = (ticketId, tagId) => api.put(`/ticket-tags/${ticketId}/${tagId}`);
export const clearTicketTags = (ticketId) => api.delete(`/ticket-tags/${ticketId}`);

// Notes
export const listTicketNotes = (ticketId, contactId) => api.get('/ticket-notes/list', { ticketId, contactId });
export const addTicketNote = (data) => api.post('/ticket-notes', data);
export const deleteTicketNote = (id) => api.delete(`/ticket-notes/${id}`);

// Contacts
export const searchContacts = (searchParam) => api.get('/contacts', { searchParam });
export const blockContact = (id, active) => api.put(`/contacts/block/${id}`, { active });
export const toggleAcceptAudio = (id) => api.put(`/contacts/toggleAcceptAudio/${id}`);
export const toggleDisableBot = (id) => api.put(`/contacts/toggleDisableBot/${id}`);

// Lookups
export const listQueues = () => api.get('/queue');
export const listConnections = () => api.get('/whatsapp');
export const listQuickMessages = (companyId, userId) => api.get('/quick-messages/list', { companyId, userId });

// Users
export { changeTicketsManagerWidth } from '../../users/api/usersApi';
