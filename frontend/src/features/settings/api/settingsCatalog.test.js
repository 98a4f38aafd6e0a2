import { describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import {
  COMPANY_KEYS, GROUPS, isRequired, numberError, settingDef, settingRefusal, showsCompanySchedules, textError, textFor, toggleNeeds, visibleGroups,
} from './settingsCatalog';

// The company keys of pkg/setting/registry.go (every Def without Platform), in its order.
const REGISTRY_COMPANY_KEYS = [
  'userRating', 'scheduleType', 'acceptCallWhatsapp', 'AcceptCallWhatsappMessage', 'chatBotType', 'userRandom',
  'sendGreetingMessageOneQueues', 'sendSignMessage', 'sendFarewellWaitingTicket', 'sendGreetingAccepted',
  'greetingAcceptedMessage', 'sendMsgTransfTicket', 'transferMessage', 'sendQueuePosition', 'sendQueuePositionMessage',
  'acceptAudioMessageContact', 'CheckMsgIsGroup', 'closeTicketOnTransfer', 'hoursCloseTicketsAuto', 'requiredTag',
  'showNotificationPending', 'campaignsEnabled', 'enableLGPD', 'lgpdMessage', 'lgpdLink', 'lgpdConsent',
  'lgpdDeleteMessage', 'lgpdHideNumber',
];

describe('settings catalogue', () => {
  it('holds every company key of the registry once, and only those', () => {
    expect(COMPANY_KEYS).toHaveLength(28);
    expect([...COMPANY_KEYS].sort()).toEqual([...REGISTRY_COMPANY_KEYS].sort());
    expect(new Set(COMPANY_KEYS).size).toBe(28);
  });

  it('groups them by subject, the platform group for super users only', () => {
    expect(GROUPS.map((g) => g.id)).toEqual(['attendance', 'calls', 'chatbot', 'rating', 'hours', 'lgpd', 'campaigns', 'platform']);
    const keysOf = (id) => GROUPS.find((g) => g.id === id).settings.map((s) => s.key);
    expect(keysOf('lgpd')).toEqual(['enableLGPD', 'lgpdMessage', 'lgpdLink', 'lgpdConsent', 'lgpdDeleteMessage', 'lgpdHideNumber']);
    expect(keysOf('hours')).toEqual(['scheduleType']);
    expect(keysOf('chatbot')).toContain('chatBotType');
    expect(visibleGroups({ profile: 'admin' }).map((g) => g.id)).not.toContain('platform');
    expect(visibleGroups({ super: true }).map((g) => g.id)).toContain('platform');
  });

  it('declares the registry kinds and choices', () => {
    expect(settingDef('scheduleType').choices).toEqual(['disabled', 'queue', 'company', 'connection']);
    expect(settingDef('chatBotType').choices).toEqual(['text', 'button', 'list']);
    expect(settingDef('hoursCloseTicketsAuto').kind).toBe('number');
    expect(settingDef('lgpdMessage').kind).toBe('text');
    expect(settingDef('userRating').kind).toBe('toggle');
  });

  it('names each key, choice and group in every language', () => {
    ['pt', 'en', 'es', 'tr'].forEach((lng) => {
      const t = i18n.getFixedT(lng);
      [...COMPANY_KEYS, 'allowSignup', 'userCreation'].forEach((key) => {
        expect(i18n.exists(`settings.options.${key}`, { lng }), `${lng}:${key}`).toBe(true);
      });
      GROUPS.forEach((g) => expect(i18n.exists(`settings.groups.${g.id}.title`, { lng })).toBe(true));
      expect(t('settings.choices.chatBotType.button')).not.toBe('settings.choices.chatBotType.button');
    });
    expect(i18n.t('settings.saved')).toBe('Operação atualizada com sucesso');
    expect(i18n.t('settings.schedules.saved')).toBe('Horários atualizados com sucesso');
  });

  it('pairs each message with the toggle that requires it (spec/2 §5)', () => {
    expect(textFor('sendGreetingAccepted').key).toBe('greetingAcceptedMessage');
    expect(textFor('sendMsgTransfTicket').key).toBe('transferMessage');
    expect(textFor('sendQueuePosition').key).toBe('sendQueuePositionMessage');
    expect(textFor('acceptCallWhatsapp').key).toBe('AcceptCallWhatsappMessage');
    expect(textFor('userRating')).toBeUndefined();
    // The call reply is required while calls are NOT accepted.
    expect(isRequired(settingDef('AcceptCallWhatsappMessage'), 'disabled')).toBe(true);
    expect(isRequired(settingDef('AcceptCallWhatsappMessage'), 'enabled')).toBe(false);
    expect(isRequired(settingDef('transferMessage'), 'enabled')).toBe(true);
    expect(isRequired(settingDef('lgpdLink'), 'enabled')).toBe(false);
  });

  it('refuses an empty required text and waits for it before switching the toggle', () => {
    expect(textError(settingDef('transferMessage'), '  ', 'enabled')).toBe('settings.validation.required');
    expect(textError(settingDef('transferMessage'), '', 'disabled')).toBeNull();
    expect(textError(settingDef('transferMessage'), 'Você foi transferido para {{queue}}', 'enabled')).toBeNull();
    expect(textError(settingDef('lgpdLink'), 'x'.repeat(4001))).toBe('validation.tooLong');
    expect(toggleNeeds('sendMsgTransfTicket', 'enabled', { transferMessage: '' })).toBe('text');
    expect(toggleNeeds('sendMsgTransfTicket', 'enabled', { transferMessage: 'Transferido' })).toBe('save');
    expect(toggleNeeds('sendMsgTransfTicket', 'disabled', { transferMessage: '' })).toBe('save');
    expect(toggleNeeds('acceptCallWhatsapp', 'disabled', {})).toBe('text');
    expect(toggleNeeds('acceptCallWhatsapp', 'enabled', {})).toBe('save');
    expect(toggleNeeds('userRating', 'enabled', {})).toBe('save');
  });

  it('takes whole hours ≥ 0 and shows the company hours tab for scheduleType company only', () => {
    expect(numberError('0')).toBeNull();
    expect(numberError('48')).toBeNull();
    ['-1', '1.5', '', 'x'].forEach((value) => expect(numberError(value)).toBe('validation.wholeNumber'));
    expect(showsCompanySchedules({ scheduleType: 'company' })).toBe(true);
    ['queue', 'connection', 'disabled', undefined].forEach((value) => expect(showsCompanySchedules({ scheduleType: value })).toBe(false));
  });

  it("reads the server's refusals (pkg/setting check) as translated rules", () => {
    const refusal = (field, text) => settingRefusal({ code: 'ERR_VALIDATION', message: text, fields: { [field]: text } });
    // The required text, named by the text itself or by the toggle that needs it.
    expect(refusal('transferMessage', 'Mensagem de transferência é obrigatória')).toEqual({ key: 'settings.validation.textRequired', setting: 'transferMessage' });
    expect(refusal('acceptCallWhatsapp', 'Mensagem de rejeição de chamada é obrigatória'))
      .toEqual({ key: 'settings.validation.textRequired', setting: 'AcceptCallWhatsappMessage' });
    expect(refusal('userRating', 'Valor deve ser enabled ou disabled')).toEqual({ key: 'validation.invalidOption', setting: 'userRating' });
    expect(refusal('chatBotType', 'Opção inválida')).toEqual({ key: 'validation.invalidOption', setting: 'chatBotType' });
    expect(refusal('hoursCloseTicketsAuto', 'Informe um número inteiro não negativo')).toEqual({ key: 'validation.wholeNumber', setting: 'hoursCloseTicketsAuto' });
    expect(refusal('lgpdMessage', 'Texto muito longo')).toEqual({ key: 'validation.tooLong', setting: 'lgpdMessage' });
    expect(refusal('userRating', 'Regra nova do servidor')).toEqual({ key: 'settings.validation.refused', setting: 'userRating' });
    expect(settingRefusal({ code: 'ERR_NO_PERMISSION' })).toBeNull();
    expect(i18n.t('settings.validation.textRequired', { setting: i18n.t('settings.options.transferMessage') })).toBe('Mensagem de transferência é obrigatória');
    expect(i18n.t('settings.validation.refused', { setting: 'Avaliações' })).toBe('Valor não aceito para “Avaliações”');
  });
});
