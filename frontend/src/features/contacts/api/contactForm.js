/** Contact form rules (spec/1 §5) and the bodies of the contact calls. */

export const NAME_MIN = 2;
export const NAME_MAX = 250;
export const NUMBER_MIN = 8;
export const NUMBER_MAX = 50;
export const TAG_MIN = 3;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const CONTACT_DEFAULTS = { name: '', number: '', email: '', tags: [], extraInfo: [] };

/** i18n key of a length rule failure, or null. */
function lengthError(value, min, max) {
  const text = String(value ?? '').trim();
  if (!text) return 'validation.required';
  if (text.length < min) return 'validation.tooShort';
  if (text.length > max) return 'validation.tooLong';
  return null;
}

// A phone number is digits, written with spaces, brackets, dots, dashes or a + as people do (the
// server keeps the digits); * marks a number masked by LGPD, which the server keeps as stored.
const PHONE_CHARACTERS = /^[\d\s()+.*-]+$/;

/** i18n key when a phone number is not one (letters in it) or has too few or too many digits. */
export function numberError(value) {
  const text = String(value ?? '').trim();
  if (!text) return 'validation.required';
  if (!PHONE_CHARACTERS.test(text)) return 'validation.invalidPhone';
  if (text.includes('*')) return null;
  return lengthError(text.replace(/\D/g, ''), NUMBER_MIN, NUMBER_MAX);
}

/** Field errors of the contact form ({ field: i18nKey }; extra info rows as extraInfo.{i}.name). */
export function validateContact(values) {
  const errors = {};
  const name = lengthError(values.name, NAME_MIN, NAME_MAX);
  if (name) errors.name = name;
  const number = numberError(values.number);
  if (number) errors.number = number;
  const email = String(values.email ?? '').trim();
  if (email && !EMAIL_RE.test(email)) errors.email = 'validation.invalidEmail';
  (values.extraInfo || []).forEach((row, index) => {
    if (!String(row.name ?? '').trim() && String(row.value ?? '').trim()) errors[`extraInfo.${index}.name`] = 'validation.required';
  });
  return errors;
}

/** i18n key when a new tag name is refused (shorter than 3 characters), else null. */
export function newTagError(name) {
  return String(name ?? '').trim().length < TAG_MIN ? 'contacts.validation.tagTooShort' : null;
}

/**
 * Resolves what the tag selector produced (existing tags, typed names) into tags: a typed name
 * that matches an existing tag (any case) becomes that tag; duplicates are dropped.
 * Returns { tags, error } where error is the i18n key of a refused new name.
 */
export function resolveTags(selected, options) {
  const byName = new Map(options.map((tag) => [tag.name.trim().toLowerCase(), tag]));
  const tags = [];
  const seen = new Set();
  for (const entry of selected) {
    const name = String(typeof entry === 'string' ? entry : entry.inputValue ?? entry.name ?? '').trim();
    let tag = typeof entry === 'object' && entry.id ? entry : byName.get(name.toLowerCase());
    if (!tag) {
      const error = newTagError(name);
      if (error) return { tags: null, error };
      tag = { name };
    }
    const key = tag.id ? `id:${tag.id}` : `name:${tag.name.toLowerCase()}`;
    if (!seen.has(key)) {
      seen.add(key);
      tags.push(tag);
    }
  }
  return { tags, error: null };
}

/** Form values of a contact. */
export function contactToForm(contact) {
  if (!contact) return { ...CONTACT_DEFAULTS };
  return {
    name: contact.name ?? '',
    number: contact.number ?? '',
    email: contact.email ?? '',
    tags: contact.tags || [],
    extraInfo: (contact.extraInfo || []).map(({ name, value }) => ({ name: name ?? '', value: value ?? '' })),
  };
}

/** Body of POST /contacts and PUT /contacts/{id} (tags go through POST /tags/sync). */
export function contactPayload(values) {
  return {
    name: values.name.trim(),
    number: values.number.trim(),
    email: values.email.trim(),
    extraInfo: (values.extraInfo || [])
      .map((row) => ({ name: String(row.name ?? '').trim(), value: String(row.value ?? '').trim() }))
      .filter((row) => row.name),
  };
}

/** Tags of POST /tags/sync: [{ id, name }] for known tags and [{ name }] for new ones. */
export const tagsPayload = (tags) => tags.map((tag) => (tag.id ? { id: tag.id, name: tag.name } : { name: tag.name.trim() }));

/** GET /contacts filter value: a JSON list of tag ids, left out when no tag is chosen. */
export const contactTagParam = (tagIds) => (tagIds?.length ? JSON.stringify(tagIds) : undefined);

/**
 * The ticket a POST /tickets conflict points at, when the server says one exists
 * (error data or a JSON text carrying uuid, userId, user.name, queue.name, status).
 */
export function conflictTicket(error) {
  const candidates = [error?.data?.ticket, error?.data, error?.data?.message, error?.message];
  for (const candidate of candidates) {
    let value = candidate;
    if (typeof value === 'string') {
      try {
        value = JSON.parse(value);
      } catch {
        value = null;
      }
    }
    if (value && typeof value === 'object' && value.uuid) return value;
  }
  return null;
}
