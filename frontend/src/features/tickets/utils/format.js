/** Pure helpers of the inbox: texts cut for lists, times, the title counter, error payloads. */
import { stripMarkup } from '../../messages/utils/whatsappMarkup';

export const CONTACT_NAME_MAX = 60;
export const LAST_MESSAGE_MAX = 40;
export const QUICK_ANSWER_PREVIEW_MAX = 90;

/** Cuts text at max characters, adding '...' when it was longer. */
export function truncate(text, max) {
  const value = text == null ? '' : String(text);
  return value.length > max ? `${value.slice(0, max)}...` : value;
}

const pad = (n) => String(n).padStart(2, '0');

/** HH:mm when the date is today (local time), otherwise dd/MM/yyyy. */
export function formatTicketTime(value, now = new Date()) {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const sameDay =
    date.getFullYear() === now.getFullYear() && date.getMonth() === now.getMonth() && date.getDate() === now.getDate();
  if (sameDay) return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** HH:mm of a message. */
export function formatClock(value) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** dd/MM/yyyy of a date. */
export function formatDay(value) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** dd/MM/yyyy HH:mm. */
export const formatDateTime = (value) => `${formatDay(value)} ${formatClock(value)}`.trim();

export const TITLE_CIRCLED_MAX = 20;

/** The unread marker of the browser title: ①…⑳ up to 20, else the number; nothing for 0. */
export function unreadMarker(count) {
  if (!count || count < 1) return '';
  if (count <= TITLE_CIRCLED_MAX) return String.fromCharCode(0x2460 + count - 1);
  return `(${count})`;
}

/** Browser title with the unread count in front. */
export function titleWithCount(base, count) {
  const marker = unreadMarker(count);
  return marker ? `${marker} ${base}` : base;
}

/**
 * What a list shows as a ticket's last message: an image carried as base64 is a location
 * preview, a vCard a contact card, and WhatsApp markup (*bold* …) loses its markers. Answers
 * { key } for a label to translate or { text }.
 */
export function lastMessagePreview(text) {
  const value = text == null ? '' : String(text);
  if (value.startsWith('data:image')) return { key: 'tickets.item.location' };
  if (value.includes('BEGIN:VCARD')) return { key: 'tickets.item.contactCard' };
  return { text: stripMarkup(value) };
}

/**
 * The 409 owner-conflict error of accept/create/reopen carries a JSON text
 * {userId, user:{name}, queue:{name}, uuid, status}. Answers that object or null.
 */
export function parseOwnerConflict(error) {
  if (!error || (error.status && error.status !== 409)) return null;
  const raw = error.message ?? error.data?.message;
  if (typeof raw !== 'string') return null;
  try {
    const data = JSON.parse(raw);
    return data && typeof data === 'object' && (data.uuid || data.userId || data.user) ? data : null;
  } catch {
    return null;
  }
}

/** Profile-users see numbers with all but the last 2 digits hidden when lgpdHideNumber is on. */
export function maskNumber(number) {
  const value = String(number || '');
  if (value.length <= 2) return value;
  return `${'*'.repeat(value.length - 2)}${value.slice(-2)}`;
}

/** A list out of an answer that is an array or {key: [...]}. */
export function asList(data, key) {
  if (Array.isArray(data)) return data;
  if (data && Array.isArray(data[key])) return data[key];
  if (data && Array.isArray(data.records)) return data.records;
  return [];
}
