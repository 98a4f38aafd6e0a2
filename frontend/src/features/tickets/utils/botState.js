/**
 * Whether the bot still holds a ticket (issue 13: the "in the bot" state of the inbox):
 *   - 'lgpd': waiting for the customer's privacy consent;
 *   - 'nps': waiting for the customer's 0–10 rating;
 *   - 'menu': pending, nobody assigned, and the bot is choosing a queue with the customer (no
 *     queue yet on a connection that has queues) or walking a queue's option tree (isBot with
 *     an option stage);
 *   - null otherwise (waiting for an attendant, attended, closed, a group).
 * botConnectionIds: ids of the company's connections that have queues (useBotConnections).
 */
export function botStage(ticket, botConnectionIds) {
  if (!ticket) return null;
  if (ticket.status === 'lgpd') return 'lgpd';
  if (ticket.status === 'nps') return 'nps';
  if (ticket.status !== 'pending' || ticket.userId != null || ticket.isGroup) return null;
  const connectionId = ticket.whatsappId ?? ticket.whatsapp?.id;
  if (ticket.queueId == null && connectionId != null && botConnectionIds?.has(Number(connectionId))) return 'menu';
  if (ticket.isBot && ticket.chatbotOptionId != null) return 'menu';
  return null;
}

/** Ids of the connections that have at least one queue (where the queue menu runs). */
export function botConnectionIdsOf(connections) {
  return new Set((connections || [])
    .filter((connection) => (connection.queues?.length || connection.queueIds?.length || 0) > 0)
    .map((connection) => Number(connection.id)));
}
