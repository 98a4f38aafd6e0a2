/** The connection form (general and messages tabs): defaults, rules and the request body. */

export const TEXT_FIELDS = {
  general: ['greetingMessage', 'complationMessage', 'outOfHoursMessage'],
  messages: ['ratingMessage', 'inactiveMessage', 'expiresInactiveMessage'],
};

export const NUMBER_FIELDS = [
  'timeCreateNewTicket', 'maxUseBotQueues', 'timeUseBotQueues', 'expiresTicket', 'timeInactiveMessage', 'timeSendQueue',
];

/** spec/2 §9: maxUseBotQueues 3, the other numbers 0. */
export const CONNECTION_DEFAULTS = {
  name: '',
  channel: 'whatsapp',
  isDefault: false,
  queueIds: [],
  greetingMessage: '',
  complationMessage: '',
  outOfHoursMessage: '',
  ratingMessage: '',
  inactiveMessage: '',
  expiresInactiveMessage: '',
  timeCreateNewTicket: 0,
  maxUseBotQueues: 3,
  timeUseBotQueues: 0,
  expiresTicket: 0,
  timeInactiveMessage: 0,
  timeSendQueue: 0,
  sendIdQueue: '',
  token: '',
  regenerateToken: false,
};

/** Which tab holds a field (to show the first error). */
export const tabOf = (field) => (TEXT_FIELDS.messages.includes(field) || NUMBER_FIELDS.includes(field) || field === 'sendIdQueue' ? 'messages' : 'general');

export function connectionToForm(connection) {
  if (!connection) return { ...CONNECTION_DEFAULTS };
  const values = Object.fromEntries(Object.entries(CONNECTION_DEFAULTS).map(([key, fallback]) => [key, connection[key] ?? fallback]));
  return {
    ...values,
    queueIds: connection.queueIds || (connection.queues || []).map((queue) => queue.id),
    sendIdQueue: connection.sendIdQueue || '',
    regenerateToken: false,
  };
}

const wholeNumber = (value) => /^\d+$/.test(String(value ?? '').trim());
const numberOf = (value) => (String(value ?? '').trim() === '' ? 0 : Number(value));

/** Field errors (i18n keys): name 2..50; whole non-negative numbers; a redirect queue when timeSendQueue > 0. */
export function validateConnection(values) {
  const errors = {};
  const name = String(values.name ?? '').trim();
  if (!name) errors.name = 'validation.required';
  else if (name.length < 2) errors.name = 'validation.tooShort';
  else if (name.length > 50) errors.name = 'validation.tooLong';
  NUMBER_FIELDS.forEach((field) => {
    const value = values[field];
    if (String(value ?? '').trim() !== '' && !wholeNumber(value)) errors[field] = 'connections.validation.wholeNumber';
  });
  if (!errors.timeSendQueue && numberOf(values.timeSendQueue) > 0 && !values.sendIdQueue) {
    errors.sendIdQueue = 'connections.validation.sendIdQueue';
  }
  return errors;
}

/** Body of POST /whatsapp and PUT /whatsapp/{id}; the channel only on creation. */
export function connectionPayload(values, { creating }) {
  const body = {
    name: values.name.trim(),
    isDefault: Boolean(values.isDefault),
    queueIds: values.queueIds,
    ...Object.fromEntries([...TEXT_FIELDS.general, ...TEXT_FIELDS.messages].map((field) => [field, values[field] ?? ''])),
    ...Object.fromEntries(NUMBER_FIELDS.map((field) => [field, numberOf(values[field])])),
    // 0 clears the redirect queue.
    sendIdQueue: values.sendIdQueue ? Number(values.sendIdQueue) : 0,
  };
  if (creating) body.channel = values.channel;
  if (!creating && values.regenerateToken) Object.assign(body, { token: '', regenerateToken: true });
  return body;
}
