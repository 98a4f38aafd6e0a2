import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors, validate } from '../utils/validation';

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Small controlled-form helper. Errors hold i18n keys (client rules) or server texts (ERR_VALIDATION fields).
 * dirty: the values differ from the initial ones or from the last record given to setValues
 * (a loaded record); setValues(fn) is an edit like setValue.
 */
export default function useForm(initial) {
  const { t, i18n } = useTranslation();
  const [values, setState] = useState(initial);
  const [baseline, setBaseline] = useState(initial);
  const [errors, setErrors] = useState({});

  const setValues = useCallback((next) => {
    if (typeof next !== 'function') setBaseline(next);
    setState(next);
  }, []);

  const setValue = useCallback((name, value) => {
    setState((current) => ({ ...current, [name]: value }));
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

  /** Shows the server's per-field messages of a refused save (see serverFieldErrors). */
  const applyServerErrors = (error) => {
    const fields = serverFieldErrors(error, (key) => i18n.exists(key));
    if (Object.keys(fields).length) setErrors(fields);
  };

  return { values, setValues, setValue, errors, setErrors, field, check, applyServerErrors, message, dirty: !same(values, baseline) };
}
