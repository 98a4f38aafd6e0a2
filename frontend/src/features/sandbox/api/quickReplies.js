/**
 * Quick answers of the simulate-customer panel: what a customer typically types next,
 * read from what the bot sent in its last turn (menu numbers, '#', 'sair', a 0–10 rating).
 */

export const RATING_VALUES = Array.from({ length: 11 }, (_, i) => String(i));
export const LABEL_MAX = 18;

const MARKUP = /[*_~`]/g;
const cleanLabel = (text) => String(text || '').replace(MARKUP, '').replace(/\s+/g, ' ').trim();

// "[1] - Vendas", "[#] Voltar", "[Sair] - Encerrar", several on one line too; the bot's own
// menus and LGPD question bold the brackets: "*[ 1 ]* - Vendas" (pkg/menu line).
const BRACKETED = /\*?\[\s*(\d{1,2}|#|sair)\s*\]\*?\s*[-–—:.)]?\s*([^\n[]*)/gi;
// "1 - Vendas", "1) Vendas", "*1* - Vendas", "1. Vendas", "1️⃣ Vendas", "# - Voltar" at a line's start.
const LINE = /^[ \t]*\*?(\d{1,2}|#)\*?(?:\uFE0F?\u20E3|[ \t]*[-–—.)])[ \t]*(.+)$/gm;
const SAIR = /(^|[^\p{L}])sair([^\p{L}]|$)/iu;
// "de 0 a 10", "0-10", "0 to 10", "0 al 10", "0 ile 10", "nota", "NPS".
const RATING = /(^|\D)0\s*(?:a|à|até|ao|to|-|–|al|y|ile)\s*10(\D|$)|(^|[^\p{L}])(nota|nps)([^\p{L}]|$)/iu;

/** Options of a menu text in the order shown: [{ value, label }], one per value. */
export function menuOptions(text) {
  const value = String(text || '').replace(/\u200E/g, '');
  const found = new Map();
  const add = (raw, label) => {
    const key = /^sair$/i.test(raw) ? 'sair' : raw;
    if (!found.has(key)) found.set(key, { value: key, label: cleanLabel(label) });
  };
  for (const m of value.matchAll(BRACKETED)) add(m[1], m[2]);
  for (const m of value.matchAll(LINE)) add(m[1], m[2]);
  if (found.size && !found.has('sair') && SAIR.test(value)) add('sair', '');
  const rank = (o) => (/^\d+$/.test(o.value) ? 0 : o.value === '#' ? 1 : 2);
  return [...found.values()].sort((a, b) => rank(a) - rank(b) || (rank(a) === 0 ? Number(a.value) - Number(b.value) : 0));
}

/** Whether a text asks for a 0–10 rating. */
export const asksRating = (text) => RATING.test(String(text || '').replace(/\u200E/g, ''));

/**
 * The bot's last turn in a timeline (conversation()): the replies after the customer's last
 * message or, while the customer's newest message waits for an answer, the turn before it.
 */
export function lastTurn(timeline) {
  const list = timeline || [];
  let end = list.length;
  while (end > 0 && list[end - 1].from === 'customer') end -= 1;
  let start = end;
  while (start > 0 && list[start - 1].from !== 'customer') start -= 1;
  return list.slice(start, end);
}

/**
 * The chips to show: the last turn's menu options, or 0–10 when it asks for a rating;
 * otherwise a greeting, so that the first message is one click away. None for a menu sent as
 * a list or buttons: its bubble has them.
 * Each chip: { value (sent as typed), label (shown next to it) }.
 */
export function quickReplies(timeline) {
  const turn = lastTurn(timeline).filter((m) => m.kind !== 'revoked');
  if (turn.some((m) => m.menu)) return { kind: 'interactive', chips: [] };
  const text = turn.map((m) => m.body || '').join('\n');
  const options = menuOptions(text);
  if (options.length) return { kind: 'menu', chips: options };
  if (asksRating(text)) return { kind: 'rating', chips: RATING_VALUES.map((value) => ({ value, label: '' })) };
  return { kind: 'start', chips: [] };
}

/** A chip's text: "1 · Vendas", cut to LABEL_MAX characters of label. */
export function chipText({ value, label }) {
  if (!label) return value;
  const short = label.length > LABEL_MAX ? `${label.slice(0, LABEL_MAX)}…` : label;
  return `${value} · ${short}`;
}
