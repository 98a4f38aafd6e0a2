import { describe, expect, it } from 'vitest';
import { fieldsOf, integrationPayload, isMaskedKey, integrationToForm, validateIntegration } from './integrationForm';

const key = JSON.stringify({ client_email: 'bot@p.iam.gserviceaccount.com', private_key: '-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----\n' });

describe('integration dialog validation', () => {
  it('name 2-50 and required', () => {
    const form = integrationToForm(null);
    expect(validateIntegration({ ...form, name: '' }).name).toBe('validation.required');
    expect(validateIntegration({ ...form, name: 'A' }).name).toBe('validation.tooShort');
    expect(validateIntegration({ ...form, name: 'n'.repeat(51) }).name).toBe('validation.tooLong');
  });

  it('typebot needs its url and slug', () => {
    const errors = validateIntegration({ ...integrationToForm(null), name: 'Bot', type: 'typebot' });
    expect(errors).toMatchObject({ urlN8N: 'validation.required', typebotSlug: 'validation.required' });
    expect(validateIntegration({ ...integrationToForm(null), name: 'Bot', urlN8N: 'https://t.example', typebotSlug: 'b' })).toEqual({});
  });

  it('n8n and webhook need a http(s) url; flowbuilder only a name', () => {
    ['n8n', 'webhook'].forEach((type) => {
      expect(validateIntegration({ name: 'Hook', type }).urlN8N).toBe('validation.required');
      expect(validateIntegration({ name: 'Hook', type, urlN8N: 'ftp://x' }).urlN8N).toBe('integrations.validation.url');
    });
    expect(validateIntegration({ name: 'Fluxo', type: 'flowbuilder' })).toEqual({});
  });

  it('dialogflow needs its project and a service-account JSON', () => {
    const errors = validateIntegration({ name: 'Agente', type: 'dialogflow', jsonContent: '{' });
    expect(errors).toMatchObject({ projectName: 'validation.required', jsonContent: 'integrations.validation.json' });
    expect(validateIntegration({ name: 'Agente', type: 'dialogflow', projectName: 'p', jsonContent: key })).toEqual({});
  });

  it('an edit keeps the stored key the server shows masked', () => {
    const masked = '******** bot@p.iam.gserviceaccount.com';
    expect(isMaskedKey(masked)).toBe(true);
    expect(isMaskedKey(key)).toBe(false);
    expect(validateIntegration({ name: 'Agente', type: 'dialogflow', projectName: 'p', jsonContent: masked })).toEqual({});
    expect(integrationPayload({ ...integrationToForm(null), name: 'Agente', type: 'dialogflow', projectName: 'p', jsonContent: masked }).jsonContent)
      .toBe(masked);
  });

  it('sends only the type’s fields', () => {
    const body = integrationPayload({ ...integrationToForm(null), name: ' Hook ', type: 'webhook', urlN8N: 'https://h.example', typebotSlug: 'x' });
    expect(body).toEqual({ name: 'Hook', type: 'webhook', urlN8N: 'https://h.example' });
    expect(fieldsOf('typebot')).toContain('typebotDelayMessage');
  });
});
