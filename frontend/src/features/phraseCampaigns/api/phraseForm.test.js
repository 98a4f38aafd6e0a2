import { describe, expect, it } from 'vitest';
import { checkPhrase, phrasePayload, phraseToForm, phrasesOf } from './phraseForm';

describe('phrase campaign form', () => {
  it('starts active with exact matching', () => {
    expect(phraseToForm(null)).toEqual({ name: '', flowId: null, whatsappId: '', phrase: '', matchType: 'exact', status: true });
    expect(phraseToForm({ name: 'a', flowId: 2, whatsappId: 3, phrase: 'oi', status: false, matchType: 'contains' }))
      .toEqual({ name: 'a', flowId: 2, whatsappId: 3, phrase: 'oi', matchType: 'contains', status: false });
  });
  it('wants name, flow, connection and phrase', () => {
    expect(checkPhrase(phraseToForm(null))).toEqual({
      name: 'validation.required', flowId: 'validation.required', whatsappId: 'validation.required', phrase: 'validation.required',
    });
    expect(checkPhrase({ name: 'x', flowId: 1, whatsappId: 2, phrase: ' promo ' })).toEqual({});
  });
  it('sends trimmed text and numbers', () => {
    expect(phrasePayload({ name: ' Promo ', flowId: '4', whatsappId: '5', phrase: ' quero ', matchType: 'contains', status: true }))
      .toEqual({ name: 'Promo', flowId: 4, whatsappId: 5, phrase: 'quero', matchType: 'contains', status: true });
  });
  it('reads the list either way', () => {
    expect(phrasesOf({ flows: [{ id: 1 }] })).toEqual([{ id: 1 }]);
    expect(phrasesOf([{ id: 2 }])).toEqual([{ id: 2 }]);
    expect(phrasesOf(undefined)).toEqual([]);
  });
});
