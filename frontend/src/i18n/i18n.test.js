import { describe, expect, it } from 'vitest';
import i18n, { LANGUAGES, resources } from './index';

function flatten(object, prefix = '') {
  return Object.entries(object).flatMap(([key, value]) =>
    value && typeof value === 'object' ? flatten(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

const placeholders = (text) => [...String(text).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

const REQUIRED_ERROR_CODES = [
  // spec/1 §8 and spec/2 §8
  'ERR_NO_OTHER_WHATSAPP', 'ERR_NO_DEF_WAPP_FOUND', 'ERR_WAPP_NOT_INITIALIZED', 'ERR_WAPP_CHECK_CONTACT',
  'ERR_WAPP_INVALID_CONTACT', 'ERR_WAPP_DOWNLOAD_MEDIA', 'ERR_INVALID_CREDENTIALS', 'ERR_SENDING_WAPP_MSG',
  'ERR_DELETE_WAPP_MSG', 'ERR_OTHER_OPEN_TICKET', 'ERR_SESSION_EXPIRED', 'ERR_USER_CREATION_DISABLED',
  'ERR_NO_PERMISSION', 'ERR_DUPLICATED_CONTACT', 'ERR_NO_SETTING_FOUND', 'ERR_NO_CONTACT_FOUND',
  'ERR_NO_TICKET_FOUND', 'ERR_NO_USER_FOUND', 'ERR_NO_WAPP_FOUND', 'ERR_CREATING_MESSAGE', 'ERR_CREATING_TICKET',
  'ERR_FETCH_WAPP_MSG', 'ERR_QUEUE_COLOR_ALREADY_EXISTS', 'ERR_WAPP_GREETING_REQUIRED', 'ERR_OUT_OF_HOURS',
  // session, signup, reset and limits
  'ERR_TOO_MANY_ATTEMPTS', 'ERR_SUBSCRIPTION_EXPIRED', 'ERR_USER_LIMIT_REACHED', 'ERR_INVALID_RESET_TOKEN',
  'ERR_EMAIL_NOT_FOUND', 'ERR_SIGNUP_DISABLED', 'ERR_EMAIL_ALREADY_EXISTS', 'ERR_VALIDATION',
  // Graph API channels
  'ERR_OUTSIDE_24H_WINDOW', 'ERR_DUPLICATED_EXTERNAL_ID', 'ERR_FACEBOOK_TOKEN', 'ERR_FACEBOOK_NO_PAGES',
  // WhatsApp pairing by phone number
  'ERR_INVALID_PAIRING_NUMBER', 'ERR_PAIRING_CODE_UNSUPPORTED',
  // generic refusals of pkg/errs and api/respond.go
  'ERR_REQUEST_TOO_LARGE', 'ERR_INVALID_INPUT', 'ERR_BAD_REQUEST', 'ERR_NOT_FOUND', 'ERR_INTERNAL',
  // queue chatbot options, flows and phrase campaigns
  'ERR_CHATBOT_LIMIT_REACHED', 'ERR_CHATBOT_NOT_FOUND', 'ERR_FLOW_NOT_FOUND', 'ERR_FLOW_INVALID', 'ERR_NO_FLOW_CAMPAIGN_FOUND',
];

describe('translations', () => {
  const ptKeys = flatten(resources.pt).sort();

  it.each(LANGUAGES.filter((lng) => lng !== 'pt'))('%s has exactly the keys of pt', (lng) => {
    expect(flatten(resources[lng]).sort()).toEqual(ptKeys);
  });

  it.each(LANGUAGES)('%s uses the same placeholders as pt and has no empty text', (lng) => {
    ptKeys.forEach((key) => {
      const text = key.split('.').reduce((node, part) => node[part], resources[lng]);
      expect(String(text).trim(), `${lng}:${key}`).not.toBe('');
      const ptText = key.split('.').reduce((node, part) => node[part], resources.pt);
      expect(placeholders(text), `${lng}:${key}`).toEqual(placeholders(ptText));
    });
  });

  it('translates every error code of the catalogue', () => {
    REQUIRED_ERROR_CODES.forEach((code) => expect(ptKeys).toContain(`backendErrors.${code}`));
  });

  it('starts in Portuguese with the spec texts and falls back to it', () => {
    expect(i18n.language).toBe('pt');
    expect(i18n.t('auth.takeover')).toBe('Sua conta foi acessada em outro computador.');
    expect(i18n.t('auth.subscriptionExpired', { date: '01/02/2025' })).toBe(
      'Opss! Sua assinatura venceu 01/02/2025. Entre em contato com o Suporte para mais informações!',
    );
    expect(i18n.t('layout.welcome', { name: 'Ana', company: 'Acme' })).toBe('Olá Ana, seja bem-vindo à Acme');
    expect(i18n.t('forbidden.title')).toBe('Oops! Acesso Negado!');
    expect(i18n.t('auth.dueSoon', { count: 1 })).toBe('Sua assinatura vence em 1 dia.');
    expect(i18n.t('auth.dueSoon', { count: 3 })).toBe('Sua assinatura vence em 3 dias.');
    expect(i18n.options.fallbackLng).toEqual(['pt']);
  });
});
