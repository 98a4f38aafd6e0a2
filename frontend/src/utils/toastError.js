import i18n from '../i18n';
import { toast } from '../services/toast';

export const ERROR_TOAST_DURATION = 2000;

/** Translation of the error code when one exists, else the server's text, else a generic text. */
export function errorMessage(error) {
  const key = error?.code && `backendErrors.${error.code}`;
  if (key && i18n.exists(key)) return i18n.t(key);
  return error?.message || i18n.t('errors.generic');
}

export default function toastError(error) {
  toast.error(errorMessage(error), { duration: ERROR_TOAST_DURATION });
}
