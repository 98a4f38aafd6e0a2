/**
 * The node dialogs' rules (spec/3 §5 "Flow …" rows and §9): each check returns i18n keys
 * (under flowbuilder.validation) by field, empty when fine.
 */

const V = 'flowbuilder.validation';
export const MAX_INTERVAL = 120;
export const MB = 1024 * 1024;
export const IMAGE_QUALITY = 0.7;
export const OPERATORS = ['==', '!=', 'contains', 'notContains', '>', '<', '>=', '<='];
export const VARIABLE_RE = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Flow names: 2–50, required ('Digite um nome!', 'Muito curto!', 'Muito longo!'). */
export function checkFlowName(name) {
  const text = String(name ?? '').trim();
  if (!text) return { name: `${V}.nameRequired` };
  if (text.length < 2) return { name: 'validation.tooShort' };
  if (text.length > 50) return { name: 'validation.tooLong' };
  return {};
}

const blank = (value) => !String(value ?? '').trim();

/** The interval dialog: 1–120 seconds. */
export function checkInterval(sec) {
  const value = Number(sec);
  if (blank(sec) || !Number.isFinite(value) || value <= 0) return { sec: `${V}.intervalRequired` };
  if (value > MAX_INTERVAL) return { sec: `${V}.intervalMax` };
  return {};
}

/** Media kinds of the content dialog: extensions, MIME types and size limits. */
export const MEDIA = {
  img: { max: 2 * MB, ext: ['png', 'jpg', 'jpeg'], accept: '.png,.jpg,.jpeg,image/png,image/jpeg' },
  audio: { max: 5 * MB, ext: ['ogg', 'mp3', 'opus'], accept: '.ogg,.mp3,.opus,audio/ogg,audio/mpeg,audio/opus' },
  video: { max: 20 * MB, ext: ['mp4'], accept: '.mp4,video/mp4' },
};

/**
 * The legacy image, audio and video nodes (spec/3 §5 "Flow files"): as the content cards, but
 * the audio node takes ogg and mp3 only (opus is the content dialog's).
 */
export const NODE_MEDIA = {
  ...MEDIA,
  audio: { max: 5 * MB, ext: ['ogg', 'mp3'], accept: '.ogg,.mp3,audio/ogg,audio/mpeg', typeKey: `${V}.fileType.audioNode` },
};

/** A chosen file for a card of kind: { key, values } of the refusal, or null when fine. */
export function checkMediaFile(kind, file, rules = MEDIA) {
  const rule = rules[kind];
  if (!rule || !file) return { key: `${V}.fileMissing`, values: {} };
  const ext = String(file.name || '').split('.').pop().toLowerCase();
  if (!rule.ext.includes(ext)) return { key: rule.typeKey || `${V}.fileType.${kind}`, values: {} };
  if (file.size > rule.max) {
    return { key: `${V}.fileTooLarge`, values: { max: rule.max / MB, size: (file.size / MB).toFixed(1) } };
  }
  return null;
}

/** The content dialog's cards: text non-empty, intervals 1–120, no file card without a file. */
export function checkContent(cards) {
  if (!cards.length) return `${V}.contentEmpty`;
  if (cards.some((card) => card.type === 'message' && blank(card.value))) return `${V}.messageEmpty`;
  if (cards.some((card) => card.type === 'interval' && (!(Number(card.value) > 0) || Number(card.value) > MAX_INTERVAL))) {
    return `${V}.contentInterval`;
  }
  if (cards.some((card) => MEDIA[card.type] && !card.file && blank(card.value))) return `${V}.emptyFiles`;
  return null;
}

/** The legacy message node: its text. */
export const checkMessage = ({ label }) => (blank(label) ? { label: 'validation.required' } : {});

/** The legacy media node's data: the stored name in url, its original name, record for audio. */
export function mediaNodeData(kind, { url, original, record }) {
  const data = { url, original: original || '' };
  if (kind === 'audio') data.record = Boolean(record);
  return data;
}

/** The menu: a message and at least one option, none blank. */
export function checkMenu({ message, arrayOption = [] }) {
  const errors = {};
  if (blank(message)) errors.message = 'validation.required';
  if (!arrayOption.length) errors.options = `${V}.menuNoOption`;
  else if (arrayOption.some((option) => blank(option.value))) errors.options = `${V}.menuBlankOption`;
  return errors;
}

/** Menu options numbered from 1; only the last is removable. */
export const addOption = (options) => [...options, { number: options.length + 1, value: '' }];
export const removeLastOption = (options) => options.slice(0, -1);

/** The question: message and answer key (a variable name) required. */
export function checkQuestion({ message, answerKey }) {
  const errors = {};
  if (blank(message)) errors.message = 'validation.required';
  if (blank(answerKey)) errors.answerKey = 'validation.required';
  else if (!VARIABLE_RE.test(answerKey.trim())) errors.answerKey = `${V}.variableName`;
  return errors;
}

/** The ticket node: a queue ('Adicione uma fila'). */
export const checkTicket = ({ queueId }) => (queueId ? {} : { queueId: `${V}.queueRequired` });

/** Typebot: name 2–50 ('Too Short!', 'Too Long!', 'Required'), URL and slug required. */
export function checkTypebot(values) {
  const errors = {};
  const name = String(values.name ?? '').trim();
  if (!name) errors.name = `${V}.typebotRequired`;
  else if (name.length < 2) errors.name = `${V}.typebotShort`;
  else if (name.length > 50) errors.name = `${V}.typebotLong`;
  if (blank(values.urlN8N)) errors.urlN8N = 'validation.required';
  if (blank(values.typebotSlug)) errors.typebotSlug = 'validation.required';
  ['typebotExpires', 'typebotDelayMessage'].forEach((field) => {
    if (values[field] !== undefined && !/^\d+$/.test(String(values[field] ?? '').trim())) errors[field] = `${V}.wholeNumber`;
  });
  return errors;
}

/** OpenAI: name, api key and prompt required. */
export function checkOpenAI(values) {
  return Object.fromEntries(['name', 'apiKey', 'prompt'].filter((field) => blank(values[field])).map((field) => [field, 'validation.required']));
}

/** Condition (decision 9): a variable, a known operator; the value may be empty (compares to ""). */
export function checkCondition({ key, condition }) {
  const errors = {};
  if (blank(key)) errors.key = 'validation.required';
  if (!OPERATORS.includes(condition)) errors.condition = 'validation.required';
  return errors;
}

/** Randomizer percent: 0–100 in steps of 10. */
export const clampPercent = (value) => Math.min(100, Math.max(0, Math.round(Number(value) / 10) * 10 || 0));

export const TYPEBOT_DEFAULTS = {
  name: '', urlN8N: '', typebotSlug: '', typebotExpires: 1, typebotDelayMessage: 1000,
  typebotKeywordFinish: '', typebotKeywordRestart: '', typebotUnknownMessage: '', typebotRestartMessage: '',
};

/** The openai node's voices: text answers ('texto'), or a Brazilian Portuguese neural voice. */
export const VOICES = [
  'texto', 'pt-BR-FranciscaNeural', 'pt-BR-AntonioNeural', 'pt-BR-BrendaNeural', 'pt-BR-DonatoNeural', 'pt-BR-ElzaNeural',
  'pt-BR-FabioNeural', 'pt-BR-GiovannaNeural', 'pt-BR-HumbertoNeural', 'pt-BR-JulioNeural', 'pt-BR-LeilaNeural',
  'pt-BR-LeticiaNeural', 'pt-BR-ManuelaNeural', 'pt-BR-NicolauNeural', 'pt-BR-ValerioNeural', 'pt-BR-YaraNeural',
];

export const OPENAI_MODELS = ['gpt-4o-mini', 'gpt-4o', 'gpt-4.1-mini', 'gpt-4.1', 'gemini-2.0-flash', 'gemini-2.5-flash', 'gemini-2.5-pro'];
export const OPENAI_DEFAULTS = {
  name: '', prompt: '', model: 'gpt-4o-mini', voice: 'texto', voiceKey: '', voiceRegion: '',
  maxTokens: 100, temperature: 1, apiKey: '', queueId: '', maxMessages: 10,
};

/** Number fields of the typebot and openai settings leave the form as numbers. */
export function numbersOf(values, fields) {
  const out = { ...values };
  fields.forEach((field) => {
    if (out[field] !== '' && out[field] !== null && out[field] !== undefined) out[field] = Number(out[field]);
  });
  return out;
}

/** The answer variables of a flow (question nodes' answer keys), as {{token}} texts. */
export function flowVariables(nodes) {
  const keys = nodes
    .filter((node) => node.type === 'question')
    .map((node) => node.data?.typebotIntegration?.answerKey)
    .filter(Boolean);
  return [...new Set(keys)].map((key) => `{{${key}}}`);
}

/**
 * The content dialog's cards ↔ a singleBlock node's data. A card: { id, type, value, original,
 * record, file? } where id is its seq id (type + counter, e.g. message0).
 */
export function cardsOf(data) {
  const byNumber = Object.fromEntries((data?.elements || []).map((element) => [element.number, element]));
  return (data?.seq || []).filter((id) => byNumber[id]).map((id) => {
    const element = byNumber[id];
    return { id, type: element.type, value: element.value ?? '', original: element.original || '', record: element.record ?? true };
  });
}

/** The next card id of a type: its type and the lowest counter not yet used. */
export function nextCardId(cards, type) {
  const used = new Set(cards.filter((card) => card.type === type).map((card) => card.id));
  let counter = 0;
  while (used.has(`${type}${counter}`)) counter += 1;
  return `${type}${counter}`;
}

export const newCard = (cards, type) => ({
  id: nextCardId(cards, type), type, value: type === 'interval' ? '1' : '', original: '', record: true,
});

/** Moves card at index by delta (−1 up, +1 down). */
export function moveCard(cards, index, delta) {
  const target = index + delta;
  if (target < 0 || target >= cards.length) return cards;
  const next = [...cards];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

/** Cards (their files already uploaded: value = stored name) → singleBlock data. */
export function contentData(cards) {
  return {
    seq: cards.map((card) => card.id),
    elements: cards.map((card) => {
      const element = { type: card.type, value: String(card.value ?? ''), number: card.id };
      if (MEDIA[card.type]) element.original = card.original;
      if (card.type === 'audio') element.record = Boolean(card.record);
      return element;
    }),
  };
}
