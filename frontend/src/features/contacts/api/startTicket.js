/** Choices of the start-ticket modal (spec/1 §4 and §5 new ticket). */

/** Queues the user may open a ticket in: all for admins, else the user's own (all when none). */
export function queueChoices(user, allQueues) {
  const all = Array.isArray(allQueues) ? allQueues : [];
  if (user?.profile === 'admin') return all;
  const mine = new Set((user?.queues || []).map((queue) => queue.id));
  return mine.size ? all.filter((queue) => mine.has(queue.id)) : all;
}

/** The preselected queue: the only choice, else none. */
export const initialQueueId = (queues) => (queues.length === 1 ? queues[0].id : '');

/** The preselected connection: the user's own, else the default one, else the only one. */
export function initialConnectionId(user, connections) {
  const list = Array.isArray(connections) ? connections : [];
  const own = list.find((c) => c.id === user?.whatsappId);
  const preferred = own || list.find((c) => c.isDefault) || (list.length === 1 ? list[0] : null);
  return preferred ? preferred.id : '';
}

/** Field errors (i18n keys) of the start-ticket form. */
export function startTicketErrors({ queueId, whatsappId }) {
  const errors = {};
  if (!queueId) errors.queueId = 'contacts.startTicketModal.queueRequired';
  if (!whatsappId) errors.whatsappId = 'validation.required';
  return errors;
}

/** Body of POST /tickets for an attendant opening a ticket for a contact. */
export const startTicketPayload = ({ contactId, queueId, whatsappId, userId }) => ({
  contactId, queueId, whatsappId, userId, status: 'open',
});
