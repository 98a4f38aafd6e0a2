import { validate } from '../../../utils/validation';

/** Names 2–50 (spec/3 §5 and §9). */
export const NAME_RULES = { required: true, min: 2, max: 50 };

export const validateList = (values) => validate(values, { name: NAME_RULES });

export const listToForm = (record) => ({ name: record?.name || '' });

export const listPayload = (values) => ({ name: values.name.trim() });

/** Item: name 2–50, number 8–50, e-mail optional but valid. */
export const validateItem = (values) =>
  validate(values, { name: NAME_RULES, number: { required: true, min: 8, max: 50 }, email: { email: true } });

export const itemToForm = (record) => ({ name: record?.name || '', number: record?.number || '', email: record?.email || '' });

export const itemPayload = (values, listId) => ({
  contactListId: Number(listId),
  name: values.name.trim(),
  number: values.number.trim(),
  email: values.email.trim(),
});

/** The WhatsApp mark of an item: valid, invalid or unchecked (null). */
export function whatsappMark(item) {
  if (item?.isWhatsappValid === true) return 'valid';
  if (item?.isWhatsappValid === false) return 'invalid';
  return 'unchecked';
}

/** Whether a ContactListItem event is about the list shown. */
export const eventForList = (data, listId) =>
  Number(data?.contactListId ?? data?.record?.contactListId) === Number(listId);

/** Accepted upload names (the server sniffs the bytes anyway). */
export const ACCEPTED_FILES = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** A client check before the upload: null when fine, else an i18n key. */
export function checkSpreadsheet(file) {
  if (!file) return 'contactLists.import.noFile';
  if (!/\.(xlsx|csv)$/i.test(file.name || '')) return 'contactLists.import.badType';
  if (file.size > MAX_UPLOAD_BYTES) return 'contactLists.import.tooLarge';
  return null;
}
