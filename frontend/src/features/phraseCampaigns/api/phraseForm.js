/** The phrase campaign dialog's values, rules and payload (spec/3 "Phrase campaigns", §5). */

export const MATCH_TYPES = ['exact', 'contains'];

/** Longest name and phrase the server keeps (pkg/flowcampaign NameMax, PhraseMax). */
export const NAME_MAX = 100;
export const PHRASE_MAX = 1000;

export const phraseToForm = (details) => ({
  name: details?.name || '',
  flowId: details?.flowId ?? null,
  whatsappId: details?.whatsappId ?? '',
  phrase: details?.phrase || '',
  matchType: MATCH_TYPES.includes(details?.matchType) ? details.matchType : 'exact',
  status: details ? details.status !== false : true,
});

/** Name, flow, connection and phrase required. */
export function checkPhrase(values) {
  const errors = {};
  if (!values.name.trim()) errors.name = 'validation.required';
  if (!values.flowId) errors.flowId = 'validation.required';
  if (!values.whatsappId) errors.whatsappId = 'validation.required';
  if (!values.phrase.trim()) errors.phrase = 'validation.required';
  return errors;
}

export const phrasePayload = (values) => ({
  name: values.name.trim(),
  flowId: Number(values.flowId),
  whatsappId: Number(values.whatsappId),
  phrase: values.phrase.trim(),
  matchType: values.matchType,
  status: Boolean(values.status),
});

/** The list as GET /flowcampaign answers it ({ flows } or a plain list). */
export const phrasesOf = (data) => (Array.isArray(data) ? data : data?.flows || []);
