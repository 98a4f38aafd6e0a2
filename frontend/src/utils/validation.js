const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmail = (value) => EMAIL_RE.test(String(value || '').trim());

/**
 * Checks a value against simple rules and returns an i18n key or null.
 * rules: { required, min, max, email }
 */
export function checkField(value, { required, min, max, email } = {}) {
  const text = String(value ?? '');
  if (!text.trim()) return required ? 'validation.required' : null;
  if (min && text.length < min) return 'validation.tooShort';
  if (max && text.length > max) return 'validation.tooLong';
  if (email && !isEmail(text)) return 'validation.invalidEmail';
  return null;
}

/** Applies checkField to every field of a schema; returns { field: key } for the failing ones. */
export function validate(values, schema) {
  return Object.entries(schema).reduce((errors, [field, rules]) => {
    const key = checkField(values[field], rules);
    return key ? { ...errors, [field]: key } : errors;
  }, {});
}
