/**
 * WhatsApp text markup: *bold*, _italic_, ~strike~ and ```monospace```. parseMarkup turns a
 * text into nodes that FormattedText renders as React elements (never as HTML), and
 * stripMarkup drops the markers for one-line previews.
 *
 * As WhatsApp does: a marker opens only where no letter or digit comes before it and a
 * non-space after it, and closes where a non-space comes before it and no letter or digit
 * after it (so snake_case_names and 2*3*4 stay as typed); bold, italic and strike end at the
 * line's end and nest; monospace may span lines and holds plain text.
 */

const MARKS = { '*': 'bold', _: 'italic', '~': 'strike' };
const MONO = '```';
const WORD = /[\p{L}\p{N}]/u;
const SPACE = /\s/u;

function opensAt(text, i, len) {
  const before = text[i - 1];
  const after = text[i + len];
  return (i === 0 || !WORD.test(before)) && after !== undefined && !SPACE.test(after);
}

function closesAt(text, j, len) {
  const after = text[j + len];
  return !SPACE.test(text[j - 1]) && (after === undefined || !WORD.test(after));
}

/** Index of the marker ch closing a non-empty inline span opened at from, or -1. */
function findClose(text, from, ch) {
  for (let j = from + 2; j < text.length; j += 1) {
    if (text[j] === '\n') return -1;
    if (text[j] === ch && closesAt(text, j, 1)) return j;
  }
  return -1;
}

function findMonoClose(text, from) {
  for (let j = text.indexOf(MONO, from + 1); j !== -1; j = text.indexOf(MONO, j + 1)) {
    if (closesAt(text, j, MONO.length)) return j;
  }
  return -1;
}

/** Nodes of text: {type:'text', text} | {type:'mono', text} | {type:'bold'|'italic'|'strike', children}. */
export function parseMarkup(text) {
  const value = text == null ? '' : String(text);
  const nodes = [];
  let plain = '';
  const flush = () => {
    if (plain) nodes.push({ type: 'text', text: plain });
    plain = '';
  };
  let i = 0;
  while (i < value.length) {
    if (value.startsWith(MONO, i) && opensAt(value, i, MONO.length)) {
      const end = findMonoClose(value, i + MONO.length);
      if (end !== -1) {
        flush();
        nodes.push({ type: 'mono', text: value.slice(i + MONO.length, end) });
        i = end + MONO.length;
        continue;
      }
    }
    const type = MARKS[value[i]];
    if (type && opensAt(value, i, 1)) {
      const end = findClose(value, i, value[i]);
      if (end !== -1) {
        flush();
        nodes.push({ type, children: parseMarkup(value.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }
    plain += value[i];
    i += 1;
  }
  flush();
  return nodes;
}

const plainOf = (nodes) => nodes.map((n) => (n.children ? plainOf(n.children) : n.text)).join('');

// Invisible marks: U+200E/U+200F (the echo marker our automatic messages start with),
// zero widths and bidi isolates. A one-line preview or a PDF font has no use for them.
const INVISIBLE = /[\u200B-\u200F\u2066-\u2069]/g;

/** The text without invisible marks (previews, the PDF export). */
export const withoutInvisible = (text) => String(text ?? '').replace(INVISIBLE, '');

/** The text without its markers, as a list preview shows it. */
export const stripMarkup = (text) => plainOf(parseMarkup(withoutInvisible(text)));
