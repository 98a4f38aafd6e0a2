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

/**
 * The server's field messages (pkg/validate and the spec's texts, Portuguese or English) as i18n
 * keys, so that a refused save speaks the app's language like the form's own checks.
 */
export const SERVER_MESSAGE_KEYS = {
  Obrigatório: 'validation.required',
  Required: 'validation.required',
  'Too Short!': 'validation.tooShort',
  'Too Long!': 'validation.tooLong',
  'Email inválido': 'validation.invalidEmail',
  'Invalid email': 'validation.invalidEmail',
  'Opção inválida': 'validation.invalidOption',
  'Horário inválido (HH:mm)': 'validation.invalidTime',
  'Informe um número inteiro não negativo': 'validation.wholeNumber',
  'Data inválida': 'validation.invalidDate',
  'Número inválido': 'validation.invalidPhone',
  'Tag muito curta!': 'contacts.validation.tagTooShort',
  'A data inicial da importação deve estar entre 2 anos atrás e agora': 'connections.validation.importStart',
  'A data final da importação deve estar entre a data inicial e agora': 'connections.validation.importEnd',
  'A data das férias coletivas não pode ser anterior a 10 dias atrás': 'connections.validation.vacationTooOld',
  'O fim das férias coletivas deve ser depois do início': 'connections.validation.vacationOrder',
  'Com a avaliação ativa, o tempo de expiração da avaliação não pode ser zero': 'connections.validation.ratingExpiry',
};

/**
 * The field errors of a refused save ({ field: i18n key or server text }): known texts become
 * their keys; a field that carries the error's own message (a rule with its code, e.g.
 * ERR_WAPP_GREETING_REQUIRED on greetingMessage) shows the code's translation when there is one
 * (hasKey: i18n.exists).
 */
export function serverFieldErrors(error, hasKey = () => true) {
  const code = error?.code && error.code !== 'ERR_VALIDATION' ? `backendErrors.${error.code}` : null;
  const codeKey = code && hasKey(code) ? code : null;
  return Object.fromEntries(Object.entries(error?.fields || {}).map(([field, text]) => {
    if (codeKey && text === error.message) return [field, codeKey];
    return [field, SERVER_MESSAGE_KEYS[text] || text];
  }));
}
