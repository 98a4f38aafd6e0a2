/** The test forms of /messages-api: rules and request bodies; pure. */

export const TEXT_DEFAULTS = { token: '', number: '', body: '', userId: '', queueId: '', sendSignature: false, closeTicket: false };
export const MEDIA_DEFAULTS = { token: '', number: '', body: '', file: null };

/** Digits only; more than 17 characters is a group id (BEHAVIOUR §13). */
const NUMBER_RE = /^\d{8,}$/;

function common(values) {
  const errors = {};
  if (!String(values.token ?? '').trim()) errors.token = 'validation.required';
  const number = String(values.number ?? '').trim();
  if (!number) errors.number = 'validation.required';
  else if (!NUMBER_RE.test(number)) errors.number = 'messagesApi.validation.number';
  return errors;
}

export function validateText(values) {
  const errors = common(values);
  if (!String(values.body ?? '').trim()) errors.body = 'validation.required';
  return errors;
}

export function validateMedia(values) {
  const errors = common(values);
  if (!values.file) errors.file = 'messagesApi.validation.file';
  return errors;
}

/** The JSON body: optional ids only when chosen, flags only when on. */
export function textPayload(values) {
  const body = { number: values.number.trim(), body: values.body };
  if (values.userId) body.userId = Number(values.userId);
  if (values.queueId) body.queueId = Number(values.queueId);
  if (values.sendSignature) body.sendSignature = true;
  if (values.closeTicket) body.closeTicket = true;
  return body;
}
