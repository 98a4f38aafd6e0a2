import { act } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byTestId, click, render } from '../../../test/render';
import { createConnection, getConnection, updateConnection } from '../api/connectionsApi';
import ConnectionModal from './ConnectionModal';

vi.mock('../../auth/hooks/useAuth', () => ({ useAuth: () => ({ user: { id: 1, companyId: 7, profile: 'admin', company: { plan: {} } } }) }));
vi.mock('../api/connectionsApi', () => ({
  getConnection: vi.fn(), createConnection: vi.fn(), updateConnection: vi.fn(), uploadGreetingMedia: vi.fn(), deleteGreetingMedia: vi.fn(),
}));

const type = (input, value) => act(() => {
  const proto = input.tagName === 'TEXTAREA' ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value').set.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
});
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
const selected = (name) => byTestId(`connection-tab-${name}`).getAttribute('aria-selected') === 'true';
const helperOf = (testId) => byTestId(testId).closest('.MuiFormControl-root').querySelector('.MuiFormHelperText-root')?.textContent;

let settings;
function mount(connectionId = null) {
  const fetcher = vi.fn(async (key) => {
    if (key === '/queue') return [{ id: 4, name: 'Vendas', color: '#2196F3' }, { id: 5, name: 'Suporte', color: '#F44336' }];
    const setting = /^\/setting\/(\w+)$/.exec(key);
    if (setting) return { key: setting[1], value: settings[setting[1]] ?? 'disabled' };
    throw new Error(`unexpected ${key}`);
  });
  const props = { open: true, connectionId, onClose: vi.fn(), onSaved: vi.fn() };
  return render(<SWRConfig value={{ provider: () => new Map(), fetcher }}><ConnectionModal {...props} /></SWRConfig>);
}

describe('ConnectionModal: the automation fields', () => {
  let view;
  beforeEach(() => {
    vi.clearAllMocks();
    settings = {};
  });
  afterEach(() => view?.unmount());

  it('says what each timer and message does', async () => {
    view = mount();
    await settle();
    expect(helperOf('connection-greetingMessage')).toContain('antes do menu de filas');
    expect(helperOf('connection-timeSendQueue')).toContain('fila de redirecionamento');
    expect(helperOf('connection-expiresTicket')).toContain('0 desativa');
    expect(helperOf('connection-timeInactiveMessage')).toContain('aviso de inatividade');
    expect(helperOf('connection-collectiveVacationMessage')).toContain('férias');
    expect(helperOf('connection-timeUseBotQueues')).toContain('silêncio');
    expect(helperOf('connection-expiresTicketNPS')).toContain('avaliação expira');
    ['connection-inactiveMessage', 'connection-expiresInactiveMessage', 'connection-timeCreateNewTicket', 'connection-maxUseBotQueues',
      'connection-maxUseBotQueuesNPS', 'connection-ratingMessage', 'connection-outOfHoursMessage', 'connection-complationMessage',
      'connection-collectiveVacationStart', 'connection-collectiveVacationEnd']
      .forEach((id) => expect(helperOf(id), id).toBeTruthy());
  });

  it('asks for a redirect queue with a redirect time, on the messages tab', async () => {
    view = mount();
    await settle();
    type(byTestId('connection-name'), 'Loja');
    await click(byTestId('connection-tab-messages'));
    type(byTestId('connection-timeSendQueue'), '15');
    await click(byTestId('connection-tab-general'));
    await click(byTestId('connection-save'));
    expect(createConnection).not.toHaveBeenCalled();
    expect(selected('messages')).toBe(true);
    expect(byTestId('connection-form').textContent).toContain('Selecione a fila para redirecionar');
  });

  it('with rating on, refuses a zero rating expiry on the assessments tab', async () => {
    settings.userRating = 'enabled';
    view = mount();
    await settle();
    type(byTestId('connection-name'), 'Loja');
    await click(byTestId('connection-save'));
    expect(createConnection).not.toHaveBeenCalled();
    expect(selected('assessments')).toBe(true);
    expect(byTestId('connection-form').textContent).toContain('o tempo de expiração da avaliação não pode ser zero');
  });

  it('wants vacation dates once a vacation message is written', async () => {
    view = mount();
    await settle();
    type(byTestId('connection-name'), 'Loja');
    type(byTestId('connection-collectiveVacationMessage'), 'Estamos em férias coletivas!');
    await click(byTestId('connection-save'));
    expect(createConnection).not.toHaveBeenCalled();
    expect(selected('messages')).toBe(true);
    expect(byTestId('connection-collectiveVacationStart').getAttribute('aria-invalid')).toBe('true');
  });

  it('edits the connection hours with the shared editor when hours are per connection', async () => {
    settings.scheduleType = 'connection';
    getConnection.mockResolvedValue({ id: 3, name: 'Loja', channel: 'sandbox', status: 'CONNECTED', queueIds: [], schedules: [] });
    updateConnection.mockImplementation(async (id, body) => ({ id, ...body }));
    view = mount(3);
    await settle();
    await click(byTestId('connection-tab-schedules'));
    expect(byTestId('connection-schedule-monday-startTimeA').value).toBe('08:00');
    type(byTestId('connection-schedule-sunday-startTimeA'), '');
    type(byTestId('connection-schedule-sunday-endTimeA'), '');
    await click(byTestId('connection-save'));
    await settle();
    const [, body] = updateConnection.mock.calls[0];
    expect(body.schedules[6]).toEqual({ weekday: 'Domingo', weekdayEn: 'sunday', startTimeA: '', endTimeA: '', startTimeB: '13:00', endTimeB: '18:00' });
  });
});
