import { randomColor } from '../../../utils/colors';

export const TAG_NAME_MIN = 3;

/** Form values of a tag; a new tag starts with a random colour and off the kanban. */
export function tagToForm(tag, random = Math.random) {
  if (!tag) return { name: '', color: randomColor(random), kanban: false };
  return { name: tag.name ?? '', color: tag.color || randomColor(random), kanban: Number(tag.kanban) === 1 };
}

/** Field errors (i18n keys): name required and at least 3 characters, colour required. */
export function validateTag(values) {
  const errors = {};
  const name = String(values.name ?? '').trim();
  if (!name) errors.name = 'validation.required';
  else if (name.length < TAG_NAME_MIN) errors.name = 'contacts.validation.tagTooShort';
  if (!String(values.color ?? '').trim()) errors.color = 'validation.required';
  return errors;
}

/** Body of POST /tags and PUT /tags/{id}; kanban is 0 or 1. */
export const tagPayload = ({ name, color, kanban }) => ({ name: name.trim(), color: color.trim(), kanban: kanban ? 1 : 0 });
