import i18n from '../i18n';
import { toast } from '../services/toast';

export const ERROR_TOAST_DURATION = 2000;

/** The language of the server's messages (always Portuguese). */
export const SERVER_LANGUAGE = 'pt';

// ERR_INTERNAL's text ends with the request's id (api/respond.go): support looks it up in the logs.
const REQUEST_ID = /Código da requisição:\s*(\S+)\s*$/;

// The server names the day an expired subscription ended (api/middleware.go).
const EXPIRED_ON = /(\d{2}\/\d{2}\/\d{4})/;

/** Translation of the error code when one exists, else the server's text, else a generic text. */
export function errorMessage(error) {
  const expiredOn = error?.code === 'ERR_SUBSCRIPTION_EXPIRED' && EXPIRED_ON.exec(error.message || '')?.[1];
  if (expiredOn) return i18n.t('auth.subscriptionExpired', { date: expiredOn });
  const key = error?.code && `backendErrors.${error.code}`;
  if (key && i18n.exists(key)) {
    const requestId = error.code === 'ERR_INTERNAL' && REQUEST_ID.exec(error.message || '')?.[1];
    return requestId ? `${i18n.t(key)} ${i18n.t('errors.requestId', { id: requestId })}` : i18n.t(key);
  }
  return error?.message || i18n.t('errors.generic');
}

export default function toastError(error) {
  toast.error(errorMessage(error), { duration: ERROR_TOAST_DURATION });
}
