const listeners = new Set();
let sequence = 0;

export const TOAST_DURATION = 3000;

function show(severity, message, { duration = TOAST_DURATION } = {}) {
  const item = { id: ++sequence, severity, message, duration };
  listeners.forEach((listener) => listener(item));
  return item.id;
}

/** Top-centre notifications; usable outside React (API client, socket handlers). */
export const toast = {
  success: (message, options) => show('success', message, options),
  error: (message, options) => show('error', message, options),
  warning: (message, options) => show('warning', message, options),
  info: (message, options) => show('info', message, options),
};

export function onToast(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
