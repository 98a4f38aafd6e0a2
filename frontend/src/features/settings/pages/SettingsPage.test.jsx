import { act } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { onToast } from '../../../services/toast';
import { allByTestId, byTestId, click, render } from '../../../test/render';
import { MemoryRouter } from 'react-router';
import { updateSetting } from '../api/settingsApi';
import { updateCompanySchedules } from '../api/companySchedulesApi';
import { COMPANY_KEYS } from '../api/settingsCatalog';
import SettingsPage from './SettingsPage';

let me = { id: 1, companyId: 7, profile: 'admin' };
vi.mock('../../auth/hooks/useAuth', () => ({ useAuth: () => ({ user: me }) }));
vi.mock('../api/settingsApi', () => ({ SETTINGS_PATH: '/settings', updateSetting: vi.fn() }));
vi.mock('../api/companySchedulesApi', () => ({
  companySchedulesPath: (id) => `/companies/${id}/schedules`,
  updateCompanySchedules: vi.fn(),
}));

const DEFAULTS = {
  ...Object.fromEntries(COMPANY_KEYS.map((key) => [key, 'disabled'])),
  scheduleType: 'disabled', chatBotType: 'text', hoursCloseTicketsAuto: '0', acceptCallWhatsapp: 'enabled',
  AcceptCallWhatsappMessage: '', greetingAcceptedMessage: '', transferMessage: '', sendQueuePositionMessage: '', lgpdMessage: '', lgpdLink: '',
};

const type = (input, value) => act(() => {
  const proto = input.tagName === 'TEXTAREA' ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value').set.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
});
const blur = (input) => act(async () => { input.focus(); input.blur(); });
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 10)));

function mount(values = {}, companyHours = { id: 7, schedules: [] }) {
  const settings = Object.entries({ ...DEFAULTS, ...values }).map(([key, value]) => ({ key, value }));
  const fetcher = vi.fn(async (key) => (key === '/settings' ? settings : companyHours));
  return render(<MemoryRouter><SWRConfig value={{ provider: () => new Map(), fetcher }}><SettingsPage /></SWRConfig></MemoryRouter>);
}

describe('SettingsPage', () => {
  let view;
  let toasts;
  let stop;
  beforeEach(() => {
    me = { id: 1, companyId: 7, profile: 'admin' };
    updateSetting.mockReset();
    updateSetting.mockImplementation(async (key, value) => ({ key, value }));
    updateCompanySchedules.mockReset();
    toasts = [];
    stop = onToast((item) => toasts.push(item));
  });
  afterEach(() => {
    stop();
    view?.unmount();
  });

  it('shows every company setting in its group, with no platform group for a company admin', async () => {
    view = mount();
    await settle();
    COMPANY_KEYS.forEach((key) => expect(byTestId(`setting-${key}`), key).not.toBeNull());
    expect(byTestId('settings-group-lgpd').textContent).toContain('Mensagem de boas-vindas LGPD');
    expect(byTestId('settings-group-platform')).toBeNull();
    expect(byTestId('setting-allowSignup')).toBeNull();
    expect(byTestId('settings-tab-schedules')).toBeNull();
  });

  it('gives super users the companies and plans tabs, and no one else', async () => {
    view = mount();
    await settle();
    expect(byTestId('settings-tab-companies')).toBeNull();
    expect(byTestId('settings-tab-plans')).toBeNull();
    view.unmount();
    me = { id: 1, companyId: 1, profile: 'admin', super: true };
    view = mount();
    await settle();
    expect(byTestId('settings-tab-companies').textContent).toBe('Empresas');
    await click(byTestId('settings-tab-plans'));
    for (let i = 0; i < 100 && !byTestId('plans-manager'); i += 1) await settle();
    expect(byTestId('plans-manager')).not.toBeNull();
  });

  it('saves a switch at once and says so', async () => {
    view = mount();
    await settle();
    await click(byTestId('setting-userRating'));
    expect(updateSetting).toHaveBeenCalledWith('userRating', 'enabled');
    expect(toasts.map((t) => t.message)).toContain('Operação atualizada com sucesso');
  });

  it('waits for the transfer message before enabling its toggle, then saves both', async () => {
    view = mount();
    await settle();
    await click(byTestId('setting-sendMsgTransfTicket'));
    expect(updateSetting).not.toHaveBeenCalled();
    expect(byTestId('settings-group-attendance').textContent).toContain('Escreva a mensagem: a opção é salva junto com ela');
    const message = byTestId('setting-transferMessage');
    type(message, 'Você foi transferido para {{queue}}');
    await blur(message);
    expect(updateSetting.mock.calls).toEqual([['transferMessage', 'Você foi transferido para {{queue}}'], ['sendMsgTransfTicket', 'enabled']]);
  });

  it('refuses to clear a message its toggle needs, saying why inline', async () => {
    view = mount({ sendGreetingAccepted: 'enabled', greetingAcceptedMessage: 'Olá!' });
    await settle();
    const message = byTestId('setting-greetingAcceptedMessage');
    type(message, '');
    await blur(message);
    expect(updateSetting).not.toHaveBeenCalled();
    expect(byTestId('settings-group-attendance').textContent).toContain('Obrigatória com “Enviar saudação ao aceitar o ticket” habilitado');
  });

  it('asks for the call reply when calls are refused', async () => {
    view = mount();
    await settle();
    await click(byTestId('setting-acceptCallWhatsapp'));
    expect(updateSetting).not.toHaveBeenCalled();
    type(byTestId('setting-AcceptCallWhatsappMessage'), 'Não atendemos ligações.');
    await blur(byTestId('setting-AcceptCallWhatsappMessage'));
    expect(updateSetting.mock.calls).toEqual([['AcceptCallWhatsappMessage', 'Não atendemos ligações.'], ['acceptCallWhatsapp', 'disabled']]);
  });

  it("says the server's rule when it refuses a change", async () => {
    updateSetting.mockRejectedValue(Object.assign(new Error('Dados inválidos'), {
      code: 'ERR_VALIDATION', fields: { sendQueuePosition: 'Mensagem de posição na fila é obrigatória' },
    }));
    view = mount({ sendQueuePositionMessage: 'Você é o número' });
    await settle();
    await click(byTestId('setting-sendQueuePosition'));
    expect(updateSetting).toHaveBeenCalledWith('sendQueuePosition', 'enabled');
    expect(toasts.map((t) => [t.severity, t.message])).toContainEqual(['error', 'Mensagem de posição na fila é obrigatória']);
    expect(byTestId('setting-sendQueuePosition').checked).toBe(false);
  });

  it("says the server's rule in the language in use, not in the server's Portuguese", async () => {
    updateSetting.mockRejectedValue(Object.assign(new Error('Mensagem de posição na fila é obrigatória'), {
      code: 'ERR_VALIDATION', fields: { sendQueuePosition: 'Mensagem de posição na fila é obrigatória' },
    }));
    await act(async () => { await i18n.changeLanguage('en'); });
    try {
      view = mount({ sendQueuePositionMessage: 'Você é o número' });
      await settle();
      await click(byTestId('setting-sendQueuePosition'));
      expect(toasts.map((t) => [t.severity, t.message])).toContainEqual(['error', 'Queue position message is required']);
      updateSetting.mockRejectedValue(Object.assign(new Error('Valor deve ser enabled ou disabled'), {
        code: 'ERR_VALIDATION', fields: { userRating: 'Valor deve ser enabled ou disabled' },
      }));
      await click(byTestId('setting-userRating'));
      expect(toasts.at(-1)).toMatchObject({ severity: 'error', message: 'Invalid option' });
      expect(toasts.map((t) => t.message).join()).not.toMatch(/obrigatória|Valor deve/);
    } finally {
      await act(async () => { await i18n.changeLanguage('pt'); });
    }
  });

  it('saves hours as a whole number only', async () => {
    view = mount();
    await settle();
    const hours = byTestId('setting-hoursCloseTicketsAuto');
    type(hours, '1.5');
    await blur(hours);
    expect(updateSetting).not.toHaveBeenCalled();
    type(hours, '24');
    await blur(hours);
    expect(updateSetting).toHaveBeenCalledWith('hoursCloseTicketsAuto', '24');
  });

  it('edits the company hours (defaults when it has none) when scheduleType is company', async () => {
    updateCompanySchedules.mockImplementation(async (id, schedules) => ({ id, schedules }));
    view = mount({ scheduleType: 'company' });
    await settle();
    await click(byTestId('settings-tab-schedules'));
    await settle();
    expect(byTestId('company-schedules-defaults')).not.toBeNull();
    expect(byTestId('company-schedule-monday-startTimeA').value).toBe('08:00');
    type(byTestId('company-schedule-saturday-endTimeB'), '1300');
    await click(byTestId('company-schedules-save'));
    expect(updateCompanySchedules).not.toHaveBeenCalled();
    expect(byTestId('company-schedules-form').textContent).toContain('O fim deve ser diferente do início');
    type(byTestId('company-schedule-saturday-endTimeB'), '1400');
    await click(byTestId('company-schedules-save'));
    expect(updateCompanySchedules).toHaveBeenCalledTimes(1);
    const [companyId, sent] = updateCompanySchedules.mock.calls[0];
    expect(companyId).toBe(7);
    expect(sent).toHaveLength(7);
    expect(sent[5]).toEqual({ weekday: 'Sábado', weekdayEn: 'saturday', startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '14:00' });
    expect(toasts.map((t) => t.message)).toContain('Horários atualizados com sucesso');
    expect(allByTestId('company-schedules-defaults')).toHaveLength(0);
  });

  it("shows the server's schedule errors on their day", async () => {
    updateCompanySchedules.mockRejectedValue(Object.assign(new Error('Dados inválidos'), {
      code: 'ERR_VALIDATION', fields: { 'schedules[1].startTimeA': 'Horário inválido (HH:mm)' },
    }));
    view = mount({ scheduleType: 'company' }, { id: 7, schedules: [{ weekdayEn: 'monday', weekday: 'Segunda-feira', startTimeA: '09:00', endTimeA: '17:00', startTimeB: '', endTimeB: '' }] });
    await settle();
    await click(byTestId('settings-tab-schedules'));
    await settle();
    expect(byTestId('company-schedules-defaults')).toBeNull();
    expect(byTestId('company-schedule-monday-endTimeA').value).toBe('17:00');
    await click(byTestId('company-schedules-save'));
    expect(byTestId('company-schedule-tuesday-startTimeA').getAttribute('aria-invalid')).toBe('true');
  });
});
