/** Connection rules of spec/2 (§2, §4, §5, §9) that the pages follow; pure. */

export const CHANNELS = ['whatsapp', 'whatsappapi', 'facebook', 'instagram', 'sandbox'];
/** Channels created through the connection modal; Facebook and Instagram come from the Facebook login. */
export const MODAL_CHANNELS = ['whatsapp', 'whatsappapi', 'sandbox'];
export const SANDBOX = 'sandbox';
export const WHATSAPP = 'whatsapp';

/** States that put a badge on the drawer's connections entry. */
export const ATTENTION_STATUSES = ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'];

/** Admins, and users with allowConnections enabled, manage connections. */
export const canManageConnections = (user) => user?.profile === 'admin' || user?.allowConnections === 'enabled';

/** True when any connection needs attention (drawer badge). */
export const needsAttention = (connections) =>
  Array.isArray(connections) && connections.some((connection) => ATTENTION_STATUSES.includes(connection.status));

/**
 * The session buttons a status offers (spec/2 §4): qrcode shows the QR; DISCONNECTED offers
 * try again or a new QR; CONNECTED, PAIRING and TIMEOUT offer disconnect; OPENING shows a
 * disabled connecting button. Only WhatsApp (whatsmeow) has a QR code; the sandbox has no
 * session at all.
 */
export function sessionActions(connection) {
  const channel = connection.channel || WHATSAPP;
  if (channel === SANDBOX) return [];
  const qr = channel === WHATSAPP;
  switch (connection.status) {
    case 'qrcode':
      return qr ? ['qrcode'] : ['disconnect'];
    case 'DISCONNECTED':
      return qr ? ['retry', 'newQr'] : ['retry'];
    case 'CONNECTED':
    case 'PAIRING':
    case 'TIMEOUT':
      return ['disconnect'];
    case 'OPENING':
      return ['connecting'];
    default:
      return [];
  }
}

/**
 * A list of connections after a real-time event: company-{id}-whatsapp
 * ({ action: create|update, whatsapp } or { action: delete, whatsappId }) and
 * company-{id}-whatsappSession ({ action: update, session }) which only changes listed ones.
 */
export function applyConnectionEvent(list, data) {
  if (!Array.isArray(list) || !data) return list;
  if (data.action === 'delete') {
    const id = data.whatsappId ?? data.whatsapp?.id ?? data.id;
    return list.filter((connection) => connection.id !== id);
  }
  const changed = data.whatsapp || data.session;
  if (!changed?.id) return list;
  if (list.some((connection) => connection.id === changed.id)) {
    // Events carry no token; keep the one the list has.
    return list.map((connection) => (connection.id === changed.id ? { ...connection, ...changed, token: changed.token || connection.token } : connection));
  }
  return data.whatsapp ? [...list, changed] : list;
}

/** After one connection became the default, the others no longer are. */
export const withSingleDefault = (list, saved) =>
  (saved?.isDefault && Array.isArray(list) ? list.map((c) => (c.id === saved.id ? c : { ...c, isDefault: false })) : list);

const pad = (n) => String(n).padStart(2, '0');

/** dd/MM/yy HH:mm in the browser's time zone. */
export function formatUpdatedAt(value) {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${String(date.getFullYear()).slice(-2)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
