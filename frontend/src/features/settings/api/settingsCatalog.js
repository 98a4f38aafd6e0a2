/**
 * Every company setting of pkg/setting/registry.go, grouped as the Options tab shows them. Kinds
 * follow the registry: toggle (enabled|disabled), choice (one of choices), text, number (whole,
 * ≥ 0). A text with requiredBy must be filled while that toggle holds requiredWhen ("enabled"
 * unless said otherwise); the server refuses the save otherwise. Pure.
 */

export const SCHEDULE_TYPES = ['disabled', 'queue', 'company', 'connection'];
export const CHATBOT_TYPES = ['text', 'button', 'list'];

const toggle = (key) => ({ key, kind: 'toggle' });
const text = (key, extra = {}) => ({ key, kind: 'text', ...extra });

export const GROUPS = [
  {
    id: 'attendance',
    settings: [
      toggle('sendGreetingAccepted'),
      text('greetingAcceptedMessage', { requiredBy: 'sendGreetingAccepted' }),
      toggle('sendMsgTransfTicket'),
      text('transferMessage', { requiredBy: 'sendMsgTransfTicket' }),
      toggle('closeTicketOnTransfer'),
      toggle('sendFarewellWaitingTicket'),
      toggle('sendSignMessage'),
      toggle('requiredTag'),
      toggle('showNotificationPending'),
      toggle('acceptAudioMessageContact'),
      toggle('CheckMsgIsGroup'),
      { key: 'hoursCloseTicketsAuto', kind: 'number' },
    ],
  },
  {
    id: 'calls',
    settings: [
      toggle('acceptCallWhatsapp'),
      text('AcceptCallWhatsappMessage', { requiredBy: 'acceptCallWhatsapp', requiredWhen: 'disabled' }),
    ],
  },
  {
    id: 'chatbot',
    settings: [
      { key: 'chatBotType', kind: 'choice', choices: CHATBOT_TYPES },
      toggle('sendGreetingMessageOneQueues'),
      toggle('userRandom'),
      toggle('sendQueuePosition'),
      text('sendQueuePositionMessage', { requiredBy: 'sendQueuePosition' }),
    ],
  },
  { id: 'rating', settings: [toggle('userRating')] },
  { id: 'hours', settings: [{ key: 'scheduleType', kind: 'choice', choices: SCHEDULE_TYPES }] },
  {
    id: 'lgpd',
    settings: [
      toggle('enableLGPD'),
      text('lgpdMessage', { neededBy: 'enableLGPD' }),
      text('lgpdLink', { single: true }),
      toggle('lgpdConsent'),
      toggle('lgpdDeleteMessage'),
      toggle('lgpdHideNumber'),
    ],
  },
  { id: 'campaigns', settings: [toggle('campaignsEnabled')] },
  { id: 'platform', superOnly: true, settings: [toggle('allowSignup'), toggle('userCreation')] },
];

/** The company keys (every group but the platform's, which lives on company 1). */
export const COMPANY_KEYS = GROUPS.filter((group) => !group.superOnly).flatMap((group) => group.settings.map((setting) => setting.key));

/** The groups a user sees: the platform keys only for super users. */
export const visibleGroups = (user) => GROUPS.filter((group) => !group.superOnly || Boolean(user?.super));

const DEFS = Object.fromEntries(GROUPS.flatMap((group) => group.settings.map((setting) => [setting.key, setting])));
export const settingDef = (key) => DEFS[key];

/** The value of requiredBy that makes a text required. */
export const triggerOf = (def) => def.requiredWhen || 'enabled';

/** The text that a toggle needs in its trigger state (greeting on accept, call reply…), if any. */
export const textFor = (toggleKey) => Object.values(DEFS).find((def) => def.requiredBy === toggleKey);

/** True when the text must be filled, given the toggle's (possibly not yet saved) value. */
export const isRequired = (def, toggleValue) => Boolean(def.requiredBy) && toggleValue === triggerOf(def);

/** Error of a text about to be saved (i18n key) or null. */
export function textError(def, value, toggleValue) {
  if (isRequired(def, toggleValue) && !String(value ?? '').trim()) return 'settings.validation.required';
  if (String(value ?? '').length > 4000) return 'validation.tooLong';
  return null;
}

/** Error of a number about to be saved (i18n key) or null. */
export const numberError = (value) => (/^\d+$/.test(String(value ?? '').trim()) ? null : 'validation.wholeNumber');

/**
 * What switching a toggle to value needs: 'save' when it can go now, 'text' when its text is
 * required in that state and still empty (the switch waits for the text).
 */
export function toggleNeeds(toggleKey, value, values) {
  const def = textFor(toggleKey);
  if (def && isRequired(def, value) && !String(values[def.key] ?? '').trim()) return 'text';
  return 'save';
}

// The refusals of pkg/setting/setting.go check() (always Portuguese) as i18n keys.
const SERVER_MESSAGES = {
  'Valor deve ser enabled ou disabled': 'validation.invalidOption',
  'Opção inválida': 'validation.invalidOption',
  'Informe um número inteiro não negativo': 'validation.wholeNumber',
  'Texto muito longo': 'validation.tooLong',
};
// '<the text's label> é obrigatória', keyed by the text or by the toggle that needs it.
const REQUIRED_TEXT = / é obrigatória$/;

/**
 * What a refused PUT /settings/{key} says, as { key, setting }: the i18n key of the message
 * and the setting it names (the required text, or the refused key). The server's field
 * message is Portuguese; a message not known here gets a translated generic one. Null when
 * the error carries no field message.
 */
export function settingRefusal(error) {
  const [field, text] = Object.entries(error?.fields || {})[0] || [];
  if (!field) return null;
  const def = settingDef(field);
  const required = def?.kind === 'text' ? def : textFor(field);
  if (required && REQUIRED_TEXT.test(String(text))) return { key: 'settings.validation.textRequired', setting: required.key };
  return { key: SERVER_MESSAGES[text] || 'settings.validation.refused', setting: field };
}

/** Shows the Schedules tab of the settings: the company's own hours are in use. */
export const showsCompanySchedules = (values) => values?.scheduleType === 'company';
