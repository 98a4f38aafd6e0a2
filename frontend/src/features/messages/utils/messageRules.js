/** Pure rules of the conversation: ack icons, the edit window, recordings, vCards, playback speeds. */

export const EDIT_WINDOW_MS = 15 * 60 * 1000;
export const MIN_RECORDING_BYTES = 10000;
export const FORWARD_DELAY_MS = 900;
export const AUDIO_SPEEDS = [0.5, 1, 1.5, 2];
export const AUDIO_SPEED_KEY = 'audioPlaybackRate';
export const SIGN_MESSAGE_KEY = 'signOption';
export const BUBBLE_MAX_WIDTH = 600;

/**
 * Ack → icon: -1 error, 0 clock, 1 check, 2 double check (grey), 3/4/5 double check in the
 * read colour; an audio with ack 4 (played) takes the played colour.
 */
export function ackInfo(ack, mediaType) {
  if (ack === -1 || ack === '-1') return { icon: 'error', color: 'error' };
  const value = Number(ack) || 0;
  if (value <= 0) return { icon: 'clock', color: 'default' };
  if (value === 1) return { icon: 'check', color: 'default' };
  if (value === 2) return { icon: 'doubleCheck', color: 'default' };
  if (value === 4 && mediaType === 'audio') return { icon: 'doubleCheck', color: 'played' };
  return { icon: 'doubleCheck', color: 'read' };
}

/** Own messages may be edited for 15 minutes after they were created. */
export function canEditMessage(message, userId, now = Date.now()) {
  if (!message || !message.fromMe || message.isDeleted) return false;
  if (message.userId != null && userId != null && message.userId !== userId) return false;
  if (message.mediaType && !['chat', 'extendedTextMessage', 'conversation', ''].includes(message.mediaType)) return false;
  const created = new Date(message.createdAt).getTime();
  if (Number.isNaN(created)) return false;
  return now - created <= EDIT_WINDOW_MS;
}

/**
 * A message Atende sent with no attendant behind it: the bot's menus and answers, greetings,
 * farewells and other automatic texts (fromMe, no userId, not a private note).
 */
export function isAutomaticMessage(message) {
  return Boolean(message?.fromMe) && message.userId == null && !message.isPrivate && message.mediaType !== 'reactionMessage';
}

/** Own messages (not yet deleted) may be deleted. */
export function canDeleteMessage(message, userId) {
  if (!message || !message.fromMe || message.isDeleted) return false;
  return message.userId == null || userId == null || message.userId === userId;
}

/** Recordings under 10000 bytes are discarded. */
export const isRecordingTooSmall = (blob) => !blob || (blob.size ?? 0) < MIN_RECORDING_BYTES;

/** Next playback speed in the 0.5 → 1 → 1.5 → 2 → 0.5 cycle. */
export function nextSpeed(current) {
  const index = AUDIO_SPEEDS.indexOf(Number(current));
  return AUDIO_SPEEDS[(index + 1) % AUDIO_SPEEDS.length];
}

/** Builds the vCard sent as a contact card. */
export function buildVCard({ name, number }) {
  const digits = String(number || '').replace(/\D/g, '');
  return [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:;${name};;;`,
    `FN:${name}`,
    `TEL;type=CELL;type=VOICE;waid=${digits}:+${digits}`,
    'END:VCARD',
  ].join('\n');
}

/** Name and number out of a vCard text. */
export function parseVCard(text) {
  const lines = String(text || '').split(/\r?\n/);
  let name = '';
  let number = '';
  lines.forEach((line) => {
    if (line.startsWith('FN:')) name = line.slice(3).trim();
    else if (!name && line.startsWith('N:')) name = line.slice(2).split(';').filter(Boolean).join(' ').trim();
    if (!number && /^(item\d+\.)?TEL/i.test(line)) {
      const waid = line.match(/waid=(\d+)/);
      number = waid ? waid[1] : line.split(':').pop().replace(/\D/g, '');
    }
  });
  return { name, number };
}

/** Latitude/longitude of a location message body ("lat,lng" or a maps link), or null. */
export function parseLocation(body) {
  const match = String(body || '').match(/(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)/);
  if (!match) return null;
  return { lat: Number(match[1]), lng: Number(match[2]) };
}

/**
 * Acks only move forward: a late copy (a send's answer read after its receipts arrived by
 * socket) keeps the newer ack. A failure (-1) shows unless the message already went out.
 */
function mergedAck(known, incoming) {
  if (incoming === undefined) return known;
  if (known === undefined) return incoming;
  if (incoming === -1) return known > 0 ? known : -1;
  return Math.max(known, incoming);
}

/** Messages sorted oldest first, one per id (a later copy replaces an earlier one). */
export function mergeMessages(current, incoming, { prepend = false } = {}) {
  const byId = new Map(current.map((m) => [m.id, m]));
  const fresh = [];
  incoming.forEach((m) => {
    if (byId.has(m.id)) {
      const known = byId.get(m.id);
      byId.set(m.id, { ...known, ...m, ack: mergedAck(known.ack, m.ack) });
    }
    else fresh.push(m);
  });
  const updated = current.map((m) => byId.get(m.id));
  return prepend ? [...fresh, ...updated] : [...updated, ...fresh];
}
