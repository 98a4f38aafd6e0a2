/** The campaign dialog's values, checks and payload (spec/3 §5, §9). */

export const VARIANTS = [1, 2, 3, 4, 5];

export const CAMPAIGN_DEFAULTS = {
  name: '',
  ...Object.fromEntries(VARIANTS.map((n) => [`message${n}`, ''])),
  ...Object.fromEntries(VARIANTS.map((n) => [`confirmationMessage${n}`, ''])),
  confirmation: false,
  scheduledAt: '',
  contactListId: '',
  tagListId: '',
  whatsappId: '',
  userId: '',
  queueId: '',
  statusTicket: 'closed',
  openTicket: 'disabled',
};

const pad = (n) => String(n).padStart(2, '0');

/** An ISO instant as a datetime-local value (the browser's zone). */
export function toLocalInput(iso) {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value as an ISO instant ('' stays empty). */
export function fromLocalInput(value) {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

const idOrEmpty = (v) => (v === null || v === undefined ? '' : v);

export function campaignToForm(record) {
  if (!record) return { ...CAMPAIGN_DEFAULTS };
  const form = { ...CAMPAIGN_DEFAULTS };
  Object.keys(CAMPAIGN_DEFAULTS).forEach((key) => {
    if (record[key] !== undefined && record[key] !== null) form[key] = record[key];
  });
  form.scheduledAt = toLocalInput(record.scheduledAt);
  ['contactListId', 'tagListId', 'whatsappId', 'userId', 'queueId'].forEach((key) => { form[key] = idOrEmpty(record[key]); });
  return form;
}

/** Field errors as i18n keys (the server checks the same, with the spec's messages). */
export function validateCampaign(values, { hasMedia = false } = {}) {
  const errors = {};
  const name = String(values.name ?? '').trim();
  if (!name) errors.name = 'validation.required';
  else if (name.length < 2) errors.name = 'campaigns.form.tooShort';
  else if (name.length > 50) errors.name = 'campaigns.form.tooLong';
  if (values.whatsappId === '' || values.whatsappId == null) errors.whatsappId = 'validation.required';
  if (values.userId !== '' && values.userId != null && (values.queueId === '' || values.queueId == null)) {
    errors.queueId = 'campaigns.form.queueForUser';
  }
  if ((values.contactListId === '' || values.contactListId == null) && (values.tagListId === '' || values.tagListId == null)) {
    errors.contactListId = 'campaigns.form.audience';
  }
  if (!hasMedia && VARIANTS.every((n) => !String(values[`message${n}`] ?? '').trim())) errors.message1 = 'campaigns.form.needsMessage';
  if (values.confirmation && VARIANTS.every((n) => !String(values[`confirmationMessage${n}`] ?? '').trim())) {
    errors.confirmationMessage1 = 'campaigns.form.needsConfirmation';
  }
  return errors;
}

const idOrNull = (v) => (v === '' || v === null || v === undefined ? null : Number(v));

export function campaignPayload(values) {
  const out = { ...values };
  out.name = String(values.name).trim();
  out.scheduledAt = fromLocalInput(values.scheduledAt);
  ['contactListId', 'tagListId', 'whatsappId', 'userId', 'queueId'].forEach((key) => { out[key] = idOrNull(values[key]); });
  out.confirmation = Boolean(values.confirmation);
  return out;
}

/** Which message tab holds the first field with an error (so the dialog can show it). */
export function tabOfErrors(errors) {
  const keys = Object.keys(errors || {});
  if (keys.some((k) => k.startsWith('confirmationMessage'))) return 'confirmation';
  if (keys.some((k) => /^message\d$/.test(k))) return 'messages';
  return 'general';
}
