/** The integration kinds of the type select, in the spec's order, with their labels. */
export const INTEGRATION_TYPES = [
  { value: 'dialogflow', label: 'DialogFlow' },
  { value: 'n8n', label: 'N8N' },
  { value: 'webhook', label: 'WebHooks' },
  { value: 'typebot', label: 'Typebot' },
  { value: 'flowbuilder', label: 'Flowbuilder' },
];

export const LANGUAGES = ['pt-BR', 'en', 'es'];

export const NAME_MIN = 2;
export const NAME_MAX = 50;

const TYPEBOT_DEFAULTS = {
  typebotSlug: '', typebotExpires: 1, typebotKeywordFinish: '', typebotKeywordRestart: '',
  typebotUnknownMessage: '', typebotDelayMessage: 1000, typebotRestartMessage: '',
};

/** Form values of an integration (null: a new one). */
export function integrationToForm(it) {
  const base = { name: '', type: 'typebot', projectName: '', jsonContent: '', language: 'pt-BR', urlN8N: '', ...TYPEBOT_DEFAULTS };
  if (!it) return base;
  const out = { ...base };
  Object.keys(base).forEach((key) => {
    if (it[key] !== undefined && it[key] !== null) out[key] = it[key];
  });
  return out;
}

/** Which fields the type shows. */
export const fieldsOf = (type) => ({
  dialogflow: ['projectName', 'jsonContent', 'language'],
  n8n: ['urlN8N'],
  webhook: ['urlN8N'],
  typebot: ['urlN8N', ...Object.keys(TYPEBOT_DEFAULTS)],
  flowbuilder: [],
}[type] || []);

const isURL = (s) => /^https?:\/\/[^\s/]+/i.test(s);

/** Field errors (i18n keys), the server's rules: name 2-50; url and slug for typebot; url for n8n and webhook; Dialogflow's project and JSON key. */
export function validateIntegration(values) {
  const errors = {};
  const name = String(values.name ?? '').trim();
  if (!name) errors.name = 'validation.required';
  else if (name.length < NAME_MIN) errors.name = 'validation.tooShort';
  else if (name.length > NAME_MAX) errors.name = 'validation.tooLong';
  if (!values.type) errors.type = 'validation.required';
  const fields = fieldsOf(values.type);
  const url = String(values.urlN8N ?? '').trim();
  if (fields.includes('urlN8N')) {
    if (!url) errors.urlN8N = 'validation.required';
    else if (!isURL(url)) errors.urlN8N = 'integrations.validation.url';
  }
  if (values.type === 'typebot' && !String(values.typebotSlug ?? '').trim()) errors.typebotSlug = 'validation.required';
  if (values.type === 'dialogflow') {
    if (!String(values.projectName ?? '').trim()) errors.projectName = 'validation.required';
    if (!isMaskedKey(values.jsonContent) && !validCredentials(values.jsonContent)) errors.jsonContent = 'integrations.validation.json';
  }
  ['typebotExpires', 'typebotDelayMessage'].forEach((key) => {
    if (fields.includes(key) && !(Number.isInteger(Number(values[key])) && Number(values[key]) >= 0)) errors[key] = 'validation.wholeNumber';
  });
  return errors;
}

/** What the server shows of a stored key file (its account only); sent back, it keeps the key. */
export const isMaskedKey = (text) => String(text ?? '').startsWith('********');

/** A service-account key file: JSON with client_email and private_key. */
export function validCredentials(text) {
  try {
    const c = JSON.parse(String(text ?? ''));
    return Boolean(c && c.client_email && String(c.private_key || '').includes('PRIVATE KEY'));
  } catch {
    return false;
  }
}

/** Body of POST /queueIntegration and PUT /queueIntegration/{id}: the type's fields only. */
export function integrationPayload(values) {
  const out = { name: values.name.trim(), type: values.type };
  fieldsOf(values.type).forEach((key) => {
    const v = values[key];
    out[key] = ['typebotExpires', 'typebotDelayMessage'].includes(key) ? Number(v) : String(v ?? '').trim();
  });
  return out;
}
