import { act } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { onToast } from '../../../services/toast';
import { allByTestId, byTestId, click, render } from '../../../test/render';
import { createOption, createQueue, deleteOption, getCompanySchedules, updateOption, updateQueue } from '../api/queuesApi';
import QueueModal from './QueueModal';

vi.mock('../../auth/hooks/useAuth', () => ({ useAuth: () => ({ user: { id: 1, companyId: 7, profile: 'admin' } }) }));
vi.mock('../api/queuesApi', async (importOriginal) => ({
  ...(await importOriginal()),
  createQueue: vi.fn(), updateQueue: vi.fn(), listAllFileLists: vi.fn(async () => [{ id: 2, name: 'Catálogo', options: [] }]), createOption: vi.fn(), updateOption: vi.fn(), deleteOption: vi.fn(), getCompanySchedules: vi.fn(),
}));

const type = (input, value) => act(() => {
  const proto = input.tagName === 'TEXTAREA' ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value').set.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
});
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
/** Picks a value of an MUI select by its test id. */
async function choose(testId, value) {
  const trigger = byTestId(testId);
  await act(async () => trigger.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 })));
  await click(byTestId(`${testId}-${value}`));
}

const queues = [{ id: 3, name: 'Suporte', color: '#F44336', greetingMessage: 'Olá' }, { id: 4, name: 'Vendas', color: '#2196F3', greetingMessage: 'Oi' }];
let record;
let scheduleType;

function mount(queue) {
  const fetcher = vi.fn(async (key) => {
    if (key === '/queue/3') return structuredClone(record);
    if (key === '/setting/scheduleType') return { key: 'scheduleType', value: scheduleType };
    if (key === '/users/list') return [{ id: 9, name: 'Ana' }];
    throw new Error(`unexpected ${key}`);
  });
  const props = { open: true, queue, queues, onClose: vi.fn(), onSaved: vi.fn() };
  const view = render(<SWRConfig value={{ provider: () => new Map(), fetcher }}><QueueModal {...props} /></SWRConfig>);
  return { view, props, fetcher };
}

describe('QueueModal', () => {
  let view;
  let toasts;
  let stop;
  beforeEach(() => {
    vi.clearAllMocks();
    scheduleType = 'disabled';
    record = {
      ...queues[0], outOfHoursMessage: '', schedules: [], fileListId: null,
      chatbots: [{ id: 10, queueId: 3, parentId: null, name: 'Segunda via', greetingMessage: '', queueType: 'file', optFileId: 2, options: [] }],
    };
    toasts = [];
    stop = onToast((item) => toasts.push(item));
  });
  afterEach(() => {
    stop();
    view?.unmount();
  });

  it('offers options only once a new queue is saved, and keeps the hours tab hidden without hours per queue', async () => {
    ({ view } = mount(null));
    await settle();
    expect(allByTestId('queue-tab-schedules')).toHaveLength(0);
    await click(byTestId('queue-tab-chatbot'));
    expect(byTestId('chatbot-save-first').textContent).toContain('Salve a fila');
    await click(byTestId('queue-tab-rotation'));
    expect(byTestId('queue-rotation')).not.toBeNull();
  });

  it('reads the queue afresh and shows its tree; adds a first-level option and reads the tree again', async () => {
    let fetcher;
    ({ view, fetcher } = mount(queues[0]));
    await settle();
    await click(byTestId('queue-tab-chatbot'));
    expect(allByTestId('chatbot-option').map((row) => row.dataset.name)).toEqual(['Segunda via']);
    expect(byTestId('chatbot-tree').textContent).toContain('Catálogo');

    await click(byTestId('chatbot-add'));
    type(byTestId('chatbot-option-name'), 'Vem');
    await click(byTestId('chatbot-option-save'));
    expect(byTestId('chatbot-option-editor').textContent).toContain('Nome muito curto');
    type(byTestId('chatbot-option-name'), 'Vendas online');
    await choose('chatbot-option-type', 'queue');
    await click(byTestId('chatbot-option-save'));
    expect(createOption).not.toHaveBeenCalled();
    await choose('chatbot-option-queue', 4);

    createOption.mockImplementation(async (body) => {
      record.chatbots.push({ id: 11, ...body, options: [] });
      return { id: 11, ...body };
    });
    const reads = fetcher.mock.calls.filter(([key]) => key === '/queue/3').length;
    await click(byTestId('chatbot-option-save'));
    await settle();
    expect(createOption).toHaveBeenCalledWith(expect.objectContaining({ queueId: 3, parentId: null, name: 'Vendas online', queueType: 'queue', optQueueId: 4 }));
    expect(fetcher.mock.calls.filter(([key]) => key === '/queue/3').length).toBe(reads + 1);
    expect(allByTestId('chatbot-option').map((row) => `${row.dataset.number} ${row.dataset.name}`)).toEqual(['1 Segunda via', '2 Vendas online']);
    expect(toasts.map((t) => t.message)).toContain('Opção salva com sucesso!');
    expect(byTestId('chatbot-preview').textContent).toContain('[2] - Vendas online');
  });

  it('asks for the message before nesting, then adds the sub-option under it', async () => {
    ({ view } = mount(queues[0]));
    await settle();
    await click(byTestId('queue-tab-chatbot'));
    await click(byTestId('chatbot-option-add-10'));
    await settle();
    expect(byTestId('chatbot-option-editor').textContent).toContain('A mensagem é obrigatória para ir ao próximo nível');
    await click(byTestId('chatbot-option-save'));
    expect(updateOption).not.toHaveBeenCalled();

    updateOption.mockImplementation(async (id, body) => {
      Object.assign(record.chatbots[0], body);
      return record.chatbots[0];
    });
    type(byTestId('chatbot-option-greeting'), 'Escolha o mês:');
    await click(byTestId('chatbot-option-save'));
    await settle();
    expect(updateOption).toHaveBeenCalledWith(10, expect.objectContaining({ greetingMessage: 'Escolha o mês:', optFileId: 2 }));
    // The sub-option editor opens right away under the option.
    createOption.mockImplementation(async (body) => {
      record.chatbots[0].options.push({ id: 12, ...body, options: [] });
      return { id: 12, ...body };
    });
    type(byTestId('chatbot-option-name'), 'Janeiro');
    await click(byTestId('chatbot-option-save'));
    await settle();
    expect(createOption).toHaveBeenCalledWith(expect.objectContaining({ queueId: 3, parentId: 10, name: 'Janeiro', queueType: 'text' }));
    expect(allByTestId('chatbot-option').map((row) => row.dataset.number)).toEqual(['1', '1.1']);
  });

  it("shows the server's field errors on the option", async () => {
    createOption.mockRejectedValue(Object.assign(new Error('Dados inválidos'), { code: 'ERR_VALIDATION', fields: { name: 'Nome muito curto' } }));
    ({ view } = mount(queues[0]));
    await settle();
    await click(byTestId('queue-tab-chatbot'));
    await click(byTestId('chatbot-add'));
    type(byTestId('chatbot-option-name'), 'Outros');
    await click(byTestId('chatbot-option-save'));
    await settle();
    expect(byTestId('chatbot-option-name').getAttribute('aria-invalid')).toBe('true');
    expect(byTestId('chatbot-option-editor').textContent).toContain('Nome muito curto');
  });

  it('deletes an option with its sub-options after confirmation', async () => {
    record.chatbots[0].greetingMessage = 'Qual?';
    record.chatbots[0].options = [{ id: 12, name: 'Janeiro', greetingMessage: '', queueType: 'text', options: [] }];
    deleteOption.mockImplementation(async () => {
      record.chatbots = [];
    });
    ({ view } = mount(queues[0]));
    await settle();
    await click(byTestId('queue-tab-chatbot'));
    await click(byTestId('chatbot-option-delete-10'));
    expect(byTestId('chatbot-delete-dialog').textContent).toContain('1 sub-opção');
    await click(byTestId('chatbot-delete-dialog-confirm'));
    await settle();
    expect(deleteOption).toHaveBeenCalledWith(10);
    expect(allByTestId('chatbot-option')).toHaveLength(0);
    expect(byTestId('chatbot-empty')).not.toBeNull();
  });

  it('with hours per queue: imports the company hours, wants the out-of-hours message, sends the hours', async () => {
    scheduleType = 'queue';
    getCompanySchedules.mockResolvedValue({ id: 7, schedules: [{ weekday: 'Sábado', weekdayEn: 'saturday', startTimeA: '09:00', endTimeA: '13:00', startTimeB: '', endTimeB: '' }] });
    updateQueue.mockImplementation(async (id, body) => ({ id, ...body }));
    ({ view } = mount(queues[0]));
    await settle();
    await click(byTestId('queue-tab-schedules'));
    expect(byTestId('queue-schedules-defaults')).not.toBeNull();
    await click(byTestId('queue-import-hours'));
    await settle();
    expect(getCompanySchedules).toHaveBeenCalledWith(7);
    expect(byTestId('queue-schedule-saturday-endTimeA').value).toBe('13:00');
    expect(toasts).toContainEqual(expect.objectContaining({ message: 'Clique em salvar para registar as alterações', severity: 'success' }));

    await click(byTestId('queue-tab-data'));
    await click(byTestId('queue-save'));
    expect(updateQueue).not.toHaveBeenCalled();
    // The first error's tab shows.
    expect(byTestId('queue-tab-schedules').getAttribute('aria-selected')).toBe('true');
    expect(byTestId('queue-form').textContent).toContain('A mensagem fora do expediente é obrigatória com horários por fila');
    type(byTestId('queue-out-of-hours'), 'Estamos fechados.');
    await click(byTestId('queue-save'));
    await settle();
    const [, body] = updateQueue.mock.calls[0];
    expect(body.outOfHoursMessage).toBe('Estamos fechados.');
    expect(body.schedules[5]).toMatchObject({ weekdayEn: 'saturday', startTimeA: '09:00', endTimeA: '13:00', startTimeB: '' });
    expect(body.schedules[0]).toMatchObject({ weekdayEn: 'monday', startTimeA: '08:00' });
  });

  it("puts the server's hours errors on their day and switches to that tab", async () => {
    scheduleType = 'queue';
    record.outOfHoursMessage = 'Fechado';
    updateQueue.mockRejectedValue(Object.assign(new Error('Dados inválidos'), { code: 'ERR_VALIDATION', fields: { 'schedules[2].endTimeB': 'Horário inválido (HH:mm)' } }));
    ({ view } = mount(queues[0]));
    await settle();
    await click(byTestId('queue-save'));
    await settle();
    expect(byTestId('queue-schedule-wednesday-endTimeB').getAttribute('aria-invalid')).toBe('true');
    expect(byTestId('queue-tab-schedules').getAttribute('aria-selected')).toBe('true');
  });

  it('creates a queue with the file list and rotation', async () => {
    createQueue.mockImplementation(async (body) => ({ id: 20, ...body }));
    let props;
    ({ view, props } = mount(null));
    await settle();
    type(byTestId('queue-name'), 'Cobrança');
    type(byTestId('queue-greeting'), 'Bem-vindo à cobrança');
    await choose('queue-file-list', 2);
    await click(byTestId('queue-tab-rotation'));
    await click(byTestId('queue-rotation'));
    await choose('queue-rotation-time', 10);
    await click(byTestId('queue-save'));
    await settle();
    expect(createQueue).toHaveBeenCalledWith(expect.objectContaining({ name: 'Cobrança', fileListId: 2, ativarRoteador: true, tempoRoteador: 10, schedules: [] }));
    expect(props.onSaved).toHaveBeenCalled();
  });
});

describe('QueueModal: a refusal about the parent', () => {
  let view;
  afterEach(() => view?.unmount());

  it('says it in a toast, since the sub-option editor has no such field', async () => {
    record = { ...queues[0], schedules: [], chatbots: [{ id: 10, name: 'Segunda via', greetingMessage: 'Qual mês?', queueType: 'text', options: [] }] };
    scheduleType = 'disabled';
    createOption.mockRejectedValue(Object.assign(new Error('Dados inválidos'), {
      code: 'ERR_VALIDATION', fields: { parentId: 'A mensagem é obrigatória para ir ao próximo nível' },
    }));
    const toasts = [];
    const stop = onToast((item) => toasts.push(item));
    ({ view } = mount(queues[0]));
    await settle();
    await click(byTestId('queue-tab-chatbot'));
    await click(byTestId('chatbot-option-add-10'));
    type(byTestId('chatbot-option-name'), 'Janeiro');
    await click(byTestId('chatbot-option-save'));
    await settle();
    stop();
    expect(toasts.map((t) => [t.severity, t.message])).toContainEqual(['error', 'A opção de cima precisa de uma mensagem para ter sub-opções']);
  });
});

describe('QueueModal: the server\'s option refusals in the language in use', () => {
  let view;
  let toasts;
  let stop;
  beforeEach(async () => {
    vi.clearAllMocks();
    record = { ...queues[0], schedules: [], chatbots: [{ id: 10, name: 'Segunda via', greetingMessage: 'Qual mês?', queueType: 'text', options: [] }] };
    scheduleType = 'disabled';
    toasts = [];
    stop = onToast((item) => toasts.push([item.severity, item.message]));
    await act(async () => { await i18n.changeLanguage('en'); });
  });
  afterEach(async () => {
    stop();
    view?.unmount();
    await act(async () => { await i18n.changeLanguage('pt'); });
  });

  const addUnder10 = async (name) => {
    ({ view } = mount(queues[0]));
    await settle();
    await click(byTestId('queue-tab-chatbot'));
    await click(byTestId('chatbot-option-add-10'));
    type(byTestId('chatbot-option-name'), name);
    await click(byTestId('chatbot-option-save'));
    await settle();
  };

  it('translates the field messages on the fields, and a refusal about the parent in the toast', async () => {
    createOption.mockRejectedValueOnce(Object.assign(new Error('Nome muito longo'), {
      code: 'ERR_VALIDATION', fields: { name: 'Nome muito longo', greetingMessage: 'Texto desconhecido do servidor' },
    }));
    await addUnder10('Janeiro');
    const editor = byTestId('chatbot-option-editor').textContent;
    expect(editor).toContain('Name too long (at most 50 characters)');
    expect(editor).toContain('Invalid value for this option');
    expect(editor).not.toContain('Nome muito longo');
    expect(editor).not.toContain('Texto desconhecido');
    expect(toasts).toContainEqual(['error', 'Invalid data. Check the form fields.']);
    createOption.mockRejectedValueOnce(Object.assign(new Error('Opção inválida'), { code: 'ERR_VALIDATION', fields: { parentId: 'Opção inválida' } }));
    await click(byTestId('chatbot-option-save'));
    await settle();
    expect(toasts.at(-1)).toEqual(['error', 'The option above no longer exists']);
  });

  it('translates the limit of 300 options', async () => {
    createOption.mockRejectedValueOnce(Object.assign(new Error('Limite de opções da fila atingido.'), { status: 400, code: 'ERR_CHATBOT_LIMIT_REACHED' }));
    await addUnder10('Janeiro');
    expect(toasts).toEqual([['error', 'This queue already has the maximum of 300 chatbot options.']]);
  });
});
