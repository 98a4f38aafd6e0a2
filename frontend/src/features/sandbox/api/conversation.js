/**
 * The simulate-customer conversation, as the server stored it: what the customer sent (whichever
 * panel or script posted it) and what Atende delivered; plus this panel's posts not stored yet.
 */

export const NUMBER_MIN_DIGITS = 8;
export const NUMBER_MAX_DIGITS = 20;
export const READ_ACK = 3;
/** The outbox kind of a "typing…" mark (a bot pausing between bubbles), not a message. */
export const TYPING = 'typing';
/** How long a typing mark shows without a message after it (WhatsApp clears it by then too). */
export const TYPING_SHOWS_MS = 25000;

export const digitsOf = (text) => String(text ?? '').replace(/\D/g, '');

/** i18n key of a refused customer, or null: the number needs 8 to 20 digits. */
export function customerError({ number }) {
  const digits = digitsOf(number);
  if (!digits) return 'validation.required';
  if (digits.length < NUMBER_MIN_DIGITS || digits.length > NUMBER_MAX_DIGITS) return 'sandbox.invalidNumber';
  return null;
}

/** A Brazilian-looking mobile number for a new pretend customer. */
export function randomCustomerNumber(random = Math.random) {
  const ddd = 11 + Math.floor(random() * 89);
  const rest = Array.from({ length: 8 }, () => Math.floor(random() * 10)).join('');
  return `55${ddd}9${rest}`;
}

/** Client id of an inbound post (the server's dedupe key). */
export function newInboundId(random = Math.random) {
  const uuid = globalThis.crypto?.randomUUID?.();
  return `SBXIN-${uuid || `${Date.now().toString(36)}-${Math.floor(random() * 1e12).toString(36)}`}`;
}

/** Messages after a poll: new ones added, known ones (ack, edits) replaced, by id. */
export function mergeById(current, incoming) {
  if (!incoming?.length) return current;
  const byId = new Map(current.map((message) => [message.id, message]));
  incoming.forEach((message) => byId.set(message.id, { ...byId.get(message.id), ...message }));
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * The `after` of the next poll: just before the oldest delivery still moving towards 'read'
 * (so its ack updates come back), else the newest id, else 0.
 */
export function pollCursor(outbound) {
  if (!outbound.length) return 0;
  const moving = outbound.filter((message) => message.ack < READ_ACK && message.kind !== 'revoked');
  if (moving.length) return Math.min(...moving.map((message) => message.id)) - 1;
  return Math.max(...outbound.map((message) => message.id));
}

/** The `inboundAfter` of the next poll: the customer's stored messages never change, so the newest id. */
export const inboundCursor = (received) => (received.length ? received[received.length - 1].id : 0);

/**
 * The customer's side: the messages the server stored ({ id, providerId, kind, createdAt, … }),
 * then this panel's own posts ({ localId, status, … }) not among them yet (sending, failed, or
 * waiting for the pipeline). A post is stored under the id it was posted with.
 */
export function customerMessages(received, pending) {
  const stored = new Set(received.map((message) => message.providerId));
  return [
    ...received.map((message) => ({
      ...message,
      localId: message.providerId || `m${message.id}`,
      kind: message.kind === 'chat' ? 'text' : message.kind,
      receivedAt: message.createdAt,
      status: 'sent',
    })),
    ...pending.filter((message) => !stored.has(message.localId)),
  ];
}

const timeOf = (value) => {
  const ms = typeof value === 'number' ? value : Date.parse(value);
  return Number.isNaN(ms) ? 0 : ms;
};

/**
 * One timeline: the customer's messages ({ localId, sentAt, receivedAt?, ... }) and the
 * deliveries ({ id, createdAt, ... }) in time order; on a tie the customer's message comes
 * first. A message the server took is placed at its receivedAt, on the server's clock like the
 * replies, so a browser clock running ahead never puts the bot's answer before the question.
 */
export function conversation(sent, outbound) {
  const delivered = outbound.filter((message) => message.kind !== TYPING);
  const items = [
    ...sent.map((message, index) => ({
      ...message, from: 'customer', key: `c-${message.localId}`, at: timeOf(message.receivedAt || message.sentAt), order: index,
    })),
    ...delivered.map((message) => ({ ...message, from: 'atende', key: `a-${message.id}`, at: timeOf(message.createdAt), order: message.id })),
  ];
  return items.sort((a, b) => a.at - b.at || (a.from === b.from ? a.order - b.order : a.from === 'customer' ? -1 : 1));
}

/** Whether the customer sees Atende "typing…": its newest delivery is a recent typing mark. */
export function isTyping(outbound, now = Date.now()) {
  const newest = outbound[outbound.length - 1];
  return Boolean(newest && newest.kind === TYPING && now - timeOf(newest.createdAt) < TYPING_SHOWS_MS);
}

const EXTENSION_KINDS = {
  image: ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp'],
  video: ['mp4', 'webm', 'mov', '3gp', 'mkv'],
  audio: ['mp3', 'ogg', 'oga', 'opus', 'm4a', 'wav', 'aac', 'weba'],
};

/**
 * How a delivery's media shows: the outbox says only 'media' for every file an attendant
 * sends, so the file's extension tells an image, a video or an audio from a document.
 */
export function mediaKindOf(message) {
  const { kind, mediaName, mediaUrl } = message || {};
  if (kind && kind !== 'media') return kind;
  const name = String(mediaName || mediaUrl || '').split('?')[0].toLowerCase();
  const ext = name.includes('.') ? name.split('.').pop() : '';
  return Object.keys(EXTENSION_KINDS).find((k) => EXTENSION_KINDS[k].includes(ext)) || 'document';
}

/** Tick of a delivery: 0 pending (clock), 1 sent, 2 delivered, 3+ read. */
export function ackState(ack) {
  if (!ack) return 'pending';
  if (ack === 1) return 'sent';
  if (ack === 2) return 'delivered';
  return 'read';
}

/** Adds a customer to the recent list (latest first, one entry per number, at most 10). */
export function rememberCustomer(list, customer) {
  const number = digitsOf(customer.number);
  return [{ number, name: customer.name?.trim() || number }, ...(list || []).filter((c) => c.number !== number)].slice(0, 10);
}
