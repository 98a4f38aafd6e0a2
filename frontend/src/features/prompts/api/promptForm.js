/** The AI prompt form (spec/3 §3, §5, §9): pure. */
import { isAdmin } from '../../../utils/permissions';

/** The plan's useOpenAi flag opens /prompts (spec/3 §6). */
export const promptsPlanOn = (user) => Boolean(user?.company?.plan?.useOpenAi);

/** Prompts: admins of a company whose plan has useOpenAi. */
export const canManagePrompts = (user) => isAdmin(user) && promptsPlanOn(user);

export const VOICE_TEXT = 'texto';

/** Brazilian Portuguese neural voices (Azure Speech) the answers can be spoken with. */
export const VOICES = [
  'pt-BR-FranciscaNeural', 'pt-BR-AntonioNeural', 'pt-BR-BrendaNeural', 'pt-BR-DonatoNeural',
  'pt-BR-ElzaNeural', 'pt-BR-FabioNeural', 'pt-BR-GiovannaNeural', 'pt-BR-HumbertoNeural',
  'pt-BR-JulioNeural', 'pt-BR-LeilaNeural', 'pt-BR-LeticiaNeural', 'pt-BR-ManuelaNeural',
  'pt-BR-NicolauNeural', 'pt-BR-ValerioNeural', 'pt-BR-YaraNeural', 'pt-BR-ThalitaNeural',
];

// OpenAI's models and Google's Gemini ones (the server sends those to Gemini's API with the prompt's key).
export const MODELS = ['gpt-4o-mini', 'gpt-4o', 'gpt-4.1-mini', 'gpt-4.1', 'gpt-3.5-turbo', 'gemini-2.0-flash', 'gemini-2.5-flash', 'gemini-2.5-pro'];

/** Defaults: max tokens 100, temperature 1, max messages 10, voice texto (spec/3 §9). */
export const PROMPT_DEFAULTS = {
  name: '', prompt: '', model: 'gpt-4o-mini', voice: VOICE_TEXT, voiceKey: '', voiceRegion: '',
  maxTokens: 100, temperature: 1, apiKey: '', queueId: '', maxMessages: 10,
};

const BOUNDS = { maxTokens: [1, 4096], temperature: [0, 2], maxMessages: [1, 50] };

export const promptToForm = (record) => {
  if (!record) return { ...PROMPT_DEFAULTS };
  return Object.fromEntries(Object.entries(PROMPT_DEFAULTS).map(([key, def]) => [key, record[key] ?? def]));
};

/** Field errors as i18n keys or the spec's texts ({} when fine). */
export function validatePrompt(values) {
  const errors = {};
  const name = String(values.name || '').trim();
  if (!name) errors.name = 'validation.required';
  else if (name.length < 5) errors.name = 'prompts.validation.tooShort';
  else if (name.length > 100) errors.name = 'prompts.validation.tooLong';
  if (String(values.prompt || '').trim().length < 50) errors.prompt = 'prompts.validation.promptMin';
  if (!values.queueId) errors.queueId = 'prompts.validation.queue';
  if (!String(values.apiKey || '').trim()) errors.apiKey = 'validation.required';
  Object.entries(BOUNDS).forEach(([field, [min, max]]) => {
    const n = Number(values[field]);
    if (values[field] === '' || Number.isNaN(n) || n < min || n > max) errors[field] = 'prompts.validation.range';
  });
  return errors;
}

/** What POST/PUT /prompt take. A masked key sent back keeps the stored one. */
export const promptPayload = (values) => ({
  name: values.name.trim(),
  prompt: values.prompt,
  model: values.model,
  voice: values.voice,
  voiceKey: values.voiceKey,
  voiceRegion: values.voiceRegion.trim(),
  maxTokens: Number(values.maxTokens),
  temperature: Number(values.temperature),
  apiKey: values.apiKey.trim(),
  queueId: Number(values.queueId),
  maxMessages: Number(values.maxMessages),
});
