import { describe, expect, it } from 'vitest';
import { PROMPT_DEFAULTS, VOICES, canManagePrompts, promptPayload, promptToForm, validatePrompt } from './promptForm';

const valid = { ...PROMPT_DEFAULTS, name: 'Vendedora', prompt: 'x'.repeat(50), apiKey: 'sk-1', queueId: 3 };

describe('prompt form', () => {
  it('starts with the spec defaults', () => {
    expect(promptToForm(null)).toMatchObject({ maxTokens: 100, temperature: 1, maxMessages: 10, voice: 'texto' });
    expect(VOICES.length).toBe(16);
  });

  it('checks name, prompt, queue, key and bounds', () => {
    expect(validatePrompt(valid)).toEqual({});
    expect(validatePrompt({ ...valid, name: 'IA' }).name).toBe('prompts.validation.tooShort');
    expect(validatePrompt({ ...valid, name: 'x'.repeat(101) }).name).toBe('prompts.validation.tooLong');
    expect(validatePrompt({ ...valid, prompt: 'curto' }).prompt).toBe('prompts.validation.promptMin');
    expect(validatePrompt({ ...valid, queueId: '' }).queueId).toBe('prompts.validation.queue');
    expect(validatePrompt({ ...valid, apiKey: ' ' }).apiKey).toBe('validation.required');
    expect(validatePrompt({ ...valid, temperature: 3 }).temperature).toBe('prompts.validation.range');
    expect(validatePrompt({ ...valid, maxMessages: 0 }).maxMessages).toBe('prompts.validation.range');
  });

  it('sends numbers as numbers and keeps a masked key as it is', () => {
    const body = promptPayload({ ...valid, apiKey: '********abcd', maxTokens: '300', queueId: '3' });
    expect(body).toMatchObject({ apiKey: '********abcd', maxTokens: 300, queueId: 3, temperature: 1 });
  });

  it('is for admins of plans with useOpenAi', () => {
    const plan = { useOpenAi: true };
    expect(canManagePrompts({ profile: 'admin', company: { plan } })).toBe(true);
    expect(canManagePrompts({ profile: 'user', company: { plan } })).toBe(false);
    expect(canManagePrompts({ profile: 'admin', company: { plan: {} } })).toBe(false);
  });
});
