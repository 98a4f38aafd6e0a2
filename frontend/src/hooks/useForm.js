import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validate } from '../utils/validation';

/**
 * Small controlled-form helper. Errors hold i18n keys (client rules) or server texts (ERR_VALIDATION fields).
 */
export default function useForm(initial) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState({});

  const setValue = useCallback((name, value) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  }, []);

  const message = (error) => (error && i18n.exists(error) ? t(error) : error);

  const field = (name) => ({
    name,
    value: values[name] ?? '',
    onChange: (event) => setValue(name, event.target.value),
    error: Boolean(errors[name]),
    helperText: message(errors[name]) || undefined,
  });

  /** Validates against a schema (see utils/validation) plus optional extra errors; true when clean. */
  const check = (schema, extra = {}) => {
    const found = { ...validate(values, schema), ...extra };
    const clean = Object.fromEntries(Object.entries(found).filter(([, value]) => value));
    setErrors(clean);
    return Object.keys(clean).length === 0;
  };

  /** Shows the server's per-field messages of an ERR_VALIDATION answer. */
  const applyServerErrors = (error) => {
    if (error?.fields && Object.keys(error.fields).length) setErrors(error.fields);
  };

  return { values, setValues, setValue, errors, setErrors, field, check, applyServerErrors, message };
}
