/** The connection form (spec/2 §2 modal tabs, §3 fields, §5 rules, §9 defaults): pure. */
import { checkField } from '../../../utils/validation';
import { DEFAULT_SCHEDULES, isScheduleKey, scheduleErrors, scheduleFieldErrors, schedulesOf, schedulesPayload } from '../../hours/api/schedules';

// The integrations tab (integrationId and the flows a flowbuilder integration starts:
// flowIdWelcome, flowIdNotPhrase) shows with the plan's integrations; the AI prompt
// (promptId) is on the chatbot tab.
export const TABS = ['general', 'integrations', 'messages', 'chatbot', 'assessments', 'schedules'];

/** Whole non-negative numbers, by tab. */
export const NUMBER_FIELDS = {
  messages: ['timeCreateNewTicket', 'expiresTicket', 'timeInactiveMessage', 'timeSendQueue'],
  chatbot: ['maxUseBotQueues', 'timeUseBotQueues'],
  assessments: ['expiresTicketNPS', 'maxUseBotQueuesNPS'],
};
const ALL_NUMBERS = Object.values(NUMBER_FIELDS).flat();

/** Free texts, by tab. */
export const TEXT_FIELDS = {
  general: ['greetingMessage'],
  messages: ['complationMessage', 'outOfHoursMessage', 'inactiveMessage', 'expiresInactiveMessage', 'collectiveVacationMessage'],
  assessments: ['ratingMessage'],
};
const ALL_TEXTS = Object.values(TEXT_FIELDS).flat();

/** Optional references to other records (0 clears them on the server). */
export const ID_FIELDS = ['sendIdQueue', 'queueIdImportMessages', 'integrationId', 'promptId', 'flowIdWelcome', 'flowIdNotPhrase'];

export const IMPORT_FIELDS = ['importOldMessages', 'importRecentMessages', 'importOldMessagesGroups', 'closedTicketsPostImported', 'queueIdImportMessages'];

/** Defaults: maxUseBotQueues 3, maxUseBotQueuesNPS 3, the other numbers 0 (spec/2 §9). */
export const CONNECTION_DEFAULTS = {
  name: '',
  channel: 'whatsapp',
  isDefault: false,
  allowGroup: false,
  groupAsTicket: 'disabled',
  provider: 'beta',
  queueIds: [],
  ...Object.fromEntries(ALL_TEXTS.map((field) => [field, ''])),
  ...Object.fromEntries(ALL_NUMBERS.map((field) => [field, 0])),
  maxUseBotQueues: 3,
  maxUseBotQueuesNPS: 3,
  whenExpiresTicket: '0',
  ...Object.fromEntries(ID_FIELDS.map((field) => [field, ''])),
  importEnabled: false,
  importOldMessages: '',
  importRecentMessages: '',
  importOldMessagesGroups: false,
  closedTicketsPostImported: false,
  collectiveVacationStart: '',
  collectiveVacationEnd: '',
  externalId: '',
  accessToken: '',
  greetingMediaAttachment: '',
  greetingMediaUrl: '',
  greetingMediaFile: null,
  removeGreetingMedia: false,
  schedules: DEFAULT_SCHEDULES,
  token: '',
  regenerateToken: false,
};

const FIELD_TABS = {
  ...Object.fromEntries(Object.entries(NUMBER_FIELDS).flatMap(([tab, fields]) => fields.map((field) => [field, tab]))),
  ...Object.fromEntries(Object.entries(TEXT_FIELDS).flatMap(([tab, fields]) => fields.map((field) => [field, tab]))),
  sendIdQueue: 'messages',
  integrationId: 'integrations',
  flowIdWelcome: 'integrations',
  flowIdNotPhrase: 'integrations',
  promptId: 'chatbot',
  whenExpiresTicket: 'messages',
  collectiveVacationStart: 'messages',
  collectiveVacationEnd: 'messages',
};

/** Which tab holds a field (to show the first error). */
export const tabOf = (field) => FIELD_TABS[field] || (isScheduleKey(field) ? 'schedules' : 'general');

const pad = (n) => String(n).padStart(2, '0');

/** A date-time as the value of a datetime-local input (browser time zone). */
export function toLocalDateTime(value) {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A date as the value of a date input. */
export function toLocalDate(value) {
  if (!value) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(String(value))) return String(value);
  return toLocalDateTime(value).slice(0, 10);
}

export function connectionToForm(connection) {
  if (!connection) return { ...CONNECTION_DEFAULTS };
  const values = Object.fromEntries(Object.entries(CONNECTION_DEFAULTS).map(([key, fallback]) => [key, connection[key] ?? fallback]));
  return {
    ...values,
    queueIds: connection.queueIds || (connection.queues || []).map((queue) => queue.id),
    ...Object.fromEntries(ID_FIELDS.map((field) => [field, connection[field] || ''])),
    importEnabled: Boolean(connection.importOldMessages),
    importOldMessages: toLocalDateTime(connection.importOldMessages),
    importRecentMessages: toLocalDateTime(connection.importRecentMessages),
    collectiveVacationStart: toLocalDate(connection.collectiveVacationStart),
    collectiveVacationEnd: toLocalDate(connection.collectiveVacationEnd),
    whenExpiresTicket: String(connection.whenExpiresTicket ?? '0'),
    accessToken: '',
    greetingMediaFile: null,
    removeGreetingMedia: false,
    schedules: schedulesOf(connection.schedules),
    regenerateToken: false,
  };
}

const wholeNumber = (value) => /^\d+$/.test(String(value ?? '').trim());
const numberOf = (value) => (String(value ?? '').trim() === '' ? 0 : Number(value));
const DAY = 24 * 60 * 60 * 1000;
const twoYearsBefore = (now) => {
  const date = new Date(now);
  date.setFullYear(date.getFullYear() - 2);
  return date.getTime();
};
const startOfDay = (ms) => {
  const date = new Date(ms);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
};
const parseLocal = (value) => (value ? new Date(value).getTime() : NaN);

/** True when the form holds field as the stored record did (the server checks only what changes). */
const kept = (values, stored, field) => Boolean(stored) && (values[field] ?? '') === (stored[field] ?? '');

/** Import window: start at most now and at least 2 years back; end between start and now. */
function importErrors(values, now, stored) {
  if (!values.importEnabled) return {};
  const errors = {};
  const start = parseLocal(values.importOldMessages);
  const end = parseLocal(values.importRecentMessages);
  if (Number.isNaN(start)) errors.importOldMessages = 'validation.required';
  else if (!kept(values, stored, 'importOldMessages') && (start > now || start < twoYearsBefore(now))) {
    errors.importOldMessages = 'connections.validation.importStart';
  }
  if (Number.isNaN(end)) errors.importRecentMessages = 'validation.required';
  else if (!kept(values, stored, 'importRecentMessages') && (end > now || (!Number.isNaN(start) && end < start))) {
    errors.importRecentMessages = 'connections.validation.importEnd';
  }
  return errors;
}

/** Vacation: with a message both dates are needed, neither before 10 days ago, the end not before the start. */
function vacationErrors(values, now, stored) {
  if (!String(values.collectiveVacationMessage ?? '').trim()) return {};
  const errors = {};
  const earliest = startOfDay(now - 10 * DAY);
  const start = parseLocal(values.collectiveVacationStart && `${values.collectiveVacationStart}T00:00`);
  const end = parseLocal(values.collectiveVacationEnd && `${values.collectiveVacationEnd}T00:00`);
  if (Number.isNaN(start)) errors.collectiveVacationStart = 'validation.required';
  else if (start < earliest && !kept(values, stored, 'collectiveVacationStart')) errors.collectiveVacationStart = 'connections.validation.vacationTooOld';
  if (Number.isNaN(end)) errors.collectiveVacationEnd = 'validation.required';
  else if (end < earliest && !kept(values, stored, 'collectiveVacationEnd')) errors.collectiveVacationEnd = 'connections.validation.vacationTooOld';
  else if (!Number.isNaN(start) && end < start) errors.collectiveVacationEnd = 'connections.validation.vacationOrder';
  return errors;
}

/**
 * Field errors (i18n keys). ratingRequired is the company's userRating setting; creating a
 * Cloud API connection needs its phone-number id and access token. stored: the record's form
 * values when editing; dates kept from it are not judged by today (a past vacation does not
 * block renaming the connection).
 */
export function validateConnection(values, {
  ratingRequired = false, creating = false, showSchedules = false, now = Date.now(), stored = null,
} = {}) {
  const errors = {};
  const name = checkField(String(values.name ?? '').trim(), { required: true, min: 2, max: 50 });
  if (name) errors.name = name;
  ALL_NUMBERS.forEach((field) => {
    const value = values[field];
    if (String(value ?? '').trim() !== '' && !wholeNumber(value)) errors[field] = 'connections.validation.wholeNumber';
  });
  // More than one queue means a menu, which opens with the greeting (ERR_WAPP_GREETING_REQUIRED).
  if (new Set(values.queueIds || []).size > 1 && !String(values.greetingMessage ?? '').trim()) {
    errors.greetingMessage = 'backendErrors.ERR_WAPP_GREETING_REQUIRED';
  }
  if (!errors.timeSendQueue && numberOf(values.timeSendQueue) > 0 && !values.sendIdQueue) {
    errors.sendIdQueue = 'connections.validation.sendIdQueue';
  }
  if (ratingRequired && !String(values.ratingMessage ?? '').trim()) errors.ratingMessage = 'validation.required';
  if (ratingRequired && !errors.expiresTicketNPS && numberOf(values.expiresTicketNPS) === 0) {
    errors.expiresTicketNPS = 'connections.validation.ratingExpiry';
  }
  if (creating && values.channel === 'whatsappapi') {
    if (!String(values.externalId ?? '').trim()) errors.externalId = 'validation.required';
    if (!String(values.accessToken ?? '').trim()) errors.accessToken = 'validation.required';
  }
  return {
    ...errors,
    ...importErrors(values, now, stored),
    ...vacationErrors(values, now, stored),
    ...(showSchedules ? scheduleErrors(values.schedules || []) : {}),
  };
}

const isoOrNull = (local) => (local ? new Date(local).toISOString() : null);
const idOf = (value) => (value ? Number(value) : 0);

/**
 * True when the save sets or moves the import window: on a connected WhatsApp connection the
 * server then drops the session and asks for a new QR code (the phone sends its history when
 * paired) and answers warning WARN_IMPORT_RECONNECT.
 */
export function importChanged(values, connection) {
  if (!values.importEnabled) return false;
  const before = connectionToForm(connection);
  return !before.importEnabled || ['importOldMessages', 'importRecentMessages'].some((field) => before[field] !== values[field]);
}

/** Server field errors as the form keys them: schedules[i].field becomes weekdayEn.field. */
export const formErrors = (fields, values) => scheduleFieldErrors(fields, values.schedules);

/** Body of POST /whatsapp and PUT /whatsapp/{id}; the channel only on creation. */
export function connectionPayload(values, { creating }) {
  const body = {
    name: values.name.trim(),
    isDefault: Boolean(values.isDefault),
    allowGroup: Boolean(values.allowGroup),
    groupAsTicket: values.groupAsTicket,
    provider: values.provider,
    queueIds: values.queueIds,
    ...Object.fromEntries(ALL_TEXTS.map((field) => [field, values[field] ?? ''])),
    ...Object.fromEntries(ALL_NUMBERS.map((field) => [field, numberOf(values[field])])),
    whenExpiresTicket: String(values.whenExpiresTicket ?? '0'),
    ...Object.fromEntries(ID_FIELDS.map((field) => [field, idOf(values[field])])),
    importOldMessages: values.importEnabled ? isoOrNull(values.importOldMessages) : null,
    importRecentMessages: values.importEnabled ? isoOrNull(values.importRecentMessages) : null,
    importOldMessagesGroups: Boolean(values.importEnabled && values.importOldMessagesGroups),
    closedTicketsPostImported: Boolean(values.importEnabled && values.closedTicketsPostImported),
    collectiveVacationStart: values.collectiveVacationStart || null,
    collectiveVacationEnd: values.collectiveVacationEnd || null,
    schedules: schedulesPayload(values.schedules),
  };
  if (!values.importEnabled) body.queueIdImportMessages = 0;
  if (creating) body.channel = values.channel;
  const cloudApi = values.channel === 'whatsappapi';
  if (cloudApi) body.externalId = String(values.externalId ?? '').trim();
  // A blank access token on edit keeps the stored one (it is never sent back to the browser).
  if (cloudApi && String(values.accessToken ?? '').trim()) body.accessToken = values.accessToken.trim();
  if (!creating && values.regenerateToken) Object.assign(body, { token: '', regenerateToken: true });
  return body;
}
