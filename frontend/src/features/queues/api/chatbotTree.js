import { SERVER_MESSAGE_KEYS } from '../../../utils/validation';

/**
 * The option tree of a queue's chatbot (spec/2 §3 chatbot option, BEHAVIOUR §2c). GET
 * /queue/{id} answers `chatbots`: the first level, each option with its sub-options under
 * `options`, to any depth. The customer picks by number, options in id order. Pure.
 */

/** Option types the editor offers; `integration` hands the ticket to a queue integration. */
export const OPTION_TYPES = ['text', 'queue', 'attendent', 'file', 'integration'];
export const NAME_MIN = 4;

const byId = (a, b) => a.id - b.id;

/** The tree in the bot's order (by id at every level), each node with an `options` list. */
export function sortTree(options) {
  return (Array.isArray(options) ? options : [])
    .map((option) => ({ ...option, options: sortTree(option.options) }))
    .sort(byId);
}

/** Depth-first walk: fn(option, { number, depth, parent }) where number is '1', '1.2'… */
export function walk(options, fn, prefix = '', depth = 0, parent = null) {
  sortTree(options).forEach((option, index) => {
    const number = `${prefix}${index + 1}`;
    fn(option, { number, depth, parent });
    walk(option.options, fn, `${number}.`, depth + 1, option);
  });
}

/** The option with this id anywhere in the tree, or null. */
export function findOption(options, id) {
  let found = null;
  walk(options, (option) => {
    if (option.id === id) found = option;
  });
  return found;
}

/** How many options sit below this one (deleting it deletes them too). */
export const countDescendants = (option) => (option?.options || []).reduce((sum, child) => sum + 1 + countDescendants(child), 0);

/** Total options of the tree. */
export const countOptions = (options) => (options || []).reduce((sum, option) => sum + 1 + countDescendants(option), 0);

const blank = (value) => !String(value ?? '').trim();

/** A sub-level needs the parent's message: it is what the customer reads above the sub-options. */
export const canNest = (option) => !blank(option?.greetingMessage);

/** Form values of an option (null: a new one). */
export function optionToForm(option) {
  return {
    name: option?.name ?? '',
    greetingMessage: option?.greetingMessage ?? '',
    queueType: OPTION_TYPES.includes(option?.queueType) ? option.queueType : 'text',
    closeTicket: Boolean(option?.closeTicket),
    optQueueId: option?.optQueueId || '',
    optUserId: option?.optUserId || '',
    optFileId: option?.optFileId || '',
    optIntegrationId: option?.optIntegrationId || '',
  };
}

/** Which references a type uses (BEHAVIOUR §2c). */
export const REFERENCES = {
  text: [], queue: ['optQueueId'], attendent: ['optQueueId', 'optUserId'], file: ['optFileId'], integration: ['optIntegrationId'],
};

/**
 * Field errors (i18n keys): name at least 4 characters; a message when the option has (or is
 * about to get) sub-options; the references its type needs.
 */
export function validateOption(values, { hasChildren = false } = {}) {
  const errors = {};
  const name = String(values.name ?? '').trim();
  if (!name) errors.name = 'validation.required';
  else if (name.length < NAME_MIN) errors.name = 'queues.chatbot.validation.nameTooShort';
  if (hasChildren && blank(values.greetingMessage)) errors.greetingMessage = 'queues.chatbot.validation.greetingToNest';
  (REFERENCES[values.queueType] || []).forEach((field) => {
    if (!values[field]) errors[field] = 'validation.required';
  });
  return errors;
}

/** The field messages of pkg/queue/options.go (always Portuguese) as i18n keys. */
export const OPTION_SERVER_MESSAGES = {
  'Nome muito curto': 'queues.chatbot.validation.nameTooShort',
  'Nome muito longo': 'queues.chatbot.validation.nameTooLong',
  'A mensagem é obrigatória para ir ao próximo nível': 'queues.chatbot.validation.greetingToNest',
  'Fila inválida': 'queues.chatbot.validation.badQueue',
  'Usuário inválido': 'queues.chatbot.validation.badUser',
  'Lista de arquivos inválida': 'queues.chatbot.validation.badFileList',
  'Integração inválida': 'queues.chatbot.validation.badIntegration',
};

// parentId is the option above a new sub-option: its refusals speak of that option.
const PARENT_MESSAGES = {
  'Opção inválida': 'queues.chatbot.validation.badParent',
  'A mensagem é obrigatória para ir ao próximo nível': 'queues.chatbot.validation.parentGreeting',
};

/**
 * The field errors of a refused option save as i18n keys ({ field: key }): the option's own
 * messages, then the shared ones of pkg/validate, else a translated 'invalid value'.
 */
export function optionServerErrors(error) {
  return Object.fromEntries(Object.entries(error?.fields || {}).map(([field, text]) => [
    field,
    (field === 'parentId' && PARENT_MESSAGES[text]) || OPTION_SERVER_MESSAGES[text] || SERVER_MESSAGE_KEYS[text] || 'queues.chatbot.validation.invalid',
  ]));
}

const idOrNull = (value) => (value ? Number(value) : null);

/**
 * Body of POST /chatbot (with queueId and parentId) or PUT /chatbot/{id} (without): the
 * references the type does not use are cleared.
 */
export function optionPayload(values, { queueId, parentId } = {}) {
  const uses = REFERENCES[values.queueType] || [];
  const ref = (field) => (uses.includes(field) ? idOrNull(values[field]) : null);
  const body = {
    name: String(values.name).trim(),
    greetingMessage: values.greetingMessage ?? '',
    queueType: values.queueType,
    closeTicket: Boolean(values.closeTicket),
    optQueueId: ref('optQueueId'),
    optUserId: ref('optUserId'),
    optFileId: ref('optFileId'),
    optIntegrationId: ref('optIntegrationId'),
  };
  if (queueId !== undefined) Object.assign(body, { queueId, parentId: parentId ?? null });
  return body;
}

/**
 * The menu the customer reads at one level: the message, then one numbered line per option,
 * then the way back and out (BEHAVIOUR §2c).
 */
export function menuPreview(greeting, options, { back, exit }) {
  const lines = sortTree(options).map((option, index) => `[${index + 1}] - ${option.name}`);
  return [greeting, ...lines, `[#] - ${back}`, `[Sair] - ${exit}`].filter((line) => String(line ?? '').trim()).join('\n');
}
