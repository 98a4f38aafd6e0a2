import { act } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onToast } from '../../../../services/toast';
import { allByTestId, byTestId, click, render } from '../../../../test/render';
import NodeDialog from './NodeDialog';

vi.mock('../../api/flowbuilderApi', () => ({
  QUEUES_PATH: '/queue',
  uploadContent: vi.fn(async (files) => files.map((file) => `flow/stored-${file.name}`)),
  mediaObjectUrl: vi.fn(async () => 'blob:x'),
}));

const type = (input, value) => act(() => {
  const proto = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value').set.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
});
const text = () => document.body.textContent;
const pressEscape = (element) => act(() => {
  element.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
});
const choose = (input, file) => act(async () => {
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  input.dispatchEvent(new Event('change', { bubbles: true }));
});
const queues = [{ id: 3, name: 'Vendas' }];

function mount(dialog, onSaved = vi.fn(), variables = []) {
  const onClose = vi.fn();
  const view = render(
    <SWRConfig value={{ provider: () => new Map(), fetcher: async () => queues }}>
      <NodeDialog dialog={dialog} variables={variables} onSaved={onSaved} onClose={onClose} />
    </SWRConfig>,
  );
  return { view, onSaved, onClose };
}

// jsdom has no blob URLs; the previews only need one to exist.
URL.createObjectURL = vi.fn(() => 'blob:preview');
URL.revokeObjectURL = vi.fn();
const SLOW = 20000;

describe('node dialogs', () => {
  let view;
  afterEach(() => view?.unmount());

  it('interval: refuses 0 and more than 120, saves seconds', async () => {
    const m = mount({ type: 'interval', node: null });
    view = m.view;
    expect(text()).toContain('Adicionar intervalo ao fluxo');
    await click(byTestId('flow-interval-save'));
    expect(text()).toContain('Adicione o valor de intervalo');
    type(byTestId('flow-interval-sec'), '121');
    await click(byTestId('flow-interval-save'));
    expect(text()).toContain('Máximo de tempo atingido 120 segundos');
    type(byTestId('flow-interval-sec'), '5');
    await click(byTestId('flow-interval-save'));
    expect(m.onSaved).toHaveBeenCalledWith({ label: '5s', sec: 5 });
  });

  it('randomizer: 0 is refused as the interval is, other percents save', async () => {
    let m = mount({ type: 'randomizer', node: { id: 'r', data: { percent: 0 } } });
    view = m.view;
    expect(text()).toContain('Editar randomizador');
    await click(byTestId('flow-randomizer-save'));
    expect(m.onSaved).not.toHaveBeenCalled();
    expect(byTestId('flow-randomizer-error').textContent).toBe('Adicione o valor de intervalo');
    type(byTestId('flow-randomizer-slider').querySelector('input'), '30');
    expect(byTestId('flow-randomizer-error')).toBeNull();
    await click(byTestId('flow-randomizer-save'));
    expect(m.onSaved).toHaveBeenCalledWith({ percent: 30 });
    view.unmount();

    m = mount({ type: 'randomizer', node: null });
    view = m.view;
    await click(byTestId('flow-randomizer-save'));
    expect(m.onSaved).toHaveBeenCalledWith({ percent: 50 });
  });

  it('menu: numbered options, only the last removable, edit mode pre-filled', async () => {
    const m = mount({ type: 'menu', node: { id: 'm', data: { message: 'Escolha', arrayOption: [{ number: 1, value: 'Vendas' }] } } });
    view = m.view;
    expect(text()).toContain('Editar menu');
    expect(byTestId('flow-menu-message').value).toBe('Escolha');
    await click(byTestId('flow-menu-add-option'));
    expect(allByTestId('flow-menu-option')).toHaveLength(2);
    expect(allByTestId('flow-menu-remove-option')).toHaveLength(1);
    await click(byTestId('flow-menu-save'));
    expect(text()).toContain('Preencha todas as opções');
    type(allByTestId('flow-menu-option')[1], 'Suporte');
    await click(byTestId('flow-menu-save'));
    expect(m.onSaved).toHaveBeenCalledWith({ message: 'Escolha', arrayOption: [{ number: 1, value: 'Vendas' }, { number: 2, value: 'Suporte' }] });
  });

  it('question: the spec titles and fields, a variable name required', async () => {
    const m = mount({ type: 'question', node: null }, vi.fn(), ['{{nome}}']);
    view = m.view;
    expect(text()).toContain('Adicionar Perguta ao fluxo');
    expect(text()).toContain('Salvar resposta');
    type(byTestId('flow-question-message'), 'Qual seu CPF? ');
    await click(allByTestId('flow-variable')[0]);
    expect(byTestId('flow-question-message').value).toBe('Qual seu CPF? {{nome}}');
    type(byTestId('flow-question-answer-key'), 'meu cpf');
    await click(byTestId('flow-question-save'));
    expect(text()).toContain('Use letras, números e _');
    type(byTestId('flow-question-answer-key'), 'cpf');
    await click(byTestId('flow-question-save'));
    expect(m.onSaved).toHaveBeenCalledWith({ typebotIntegration: { message: 'Qual seu CPF? {{nome}}', answerKey: 'cpf' } });
  });

  it('typebot: the spec title, name 2-50', async () => {
    const m = mount({ type: 'typebot', node: null });
    view = m.view;
    expect(text()).toContain('Adicionar Typebot ao fluxo');
    type(byTestId('flow-typebot-name'), 'a');
    await click(byTestId('flow-typebot-save'));
    expect(text()).toContain('Too Short!');
    expect(m.onSaved).not.toHaveBeenCalled();
  }, SLOW);

  it('openai: the spec title, hidden api key, required fields and defaults', async () => {
    const m = mount({ type: 'openai', node: { id: 'o', data: { typebotIntegration: { name: 'IA', apiKey: 'sk-1', prompt: '' } } } });
    view = m.view;
    expect(text()).toContain('Editar OpenAI');
    expect(byTestId('flow-openai-apiKey').type).toBe('password');
    await click(byTestId('flow-openai-save'));
    expect(m.onSaved).not.toHaveBeenCalled();
    type(byTestId('flow-openai-prompt'), 'Você é um atendente.');
    await click(byTestId('flow-openai-save'));
    expect(m.onSaved.mock.calls[0][0].typebotIntegration).toMatchObject({ name: 'IA', apiKey: 'sk-1', prompt: 'Você é um atendente.', maxTokens: 100, temperature: 1, maxMessages: 10 });
  }, SLOW);

  it('content: empty cards are refused, files upload on save', async () => {
    const toasts = [];
    const stop = onToast((item) => toasts.push(item.message));
    const m = mount({ type: 'singleBlock', node: null });
    view = m.view;
    expect(text()).toContain('Adicionar conteúdo ao fluxo');
    await click(byTestId('flow-content-add-message'));
    await click(byTestId('flow-content-save'));
    expect(byTestId('flow-content-error').textContent).toBe('Campos de mensagem vazio!');
    type(byTestId('flow-content-message'), 'Olá!');
    await click(byTestId('flow-content-add-img'));
    await click(byTestId('flow-content-save'));
    expect(byTestId('flow-content-error').textContent).toBe('Delete os cards vazios(Imagem, Audio e Video)');
    const input = byTestId('flow-content-file-img');
    const big = new File([new Uint8Array(10)], 'foto.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 3 * 1024 * 1024 });
    await act(async () => {
      Object.defineProperty(input, 'files', { value: [big], configurable: true });
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(toasts.some((message) => message.startsWith('Arquivo é muito grande! 2MB máximo'))).toBe(true);
    const small = new File([new Uint8Array(10)], 'foto.png', { type: 'image/png' });
    await act(async () => {
      Object.defineProperty(input, 'files', { value: [small], configurable: true });
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await click(byTestId('flow-content-add-interval'));
    await click(byTestId('flow-content-save'));
    stop();
    expect(m.onSaved).toHaveBeenCalledWith({
      seq: ['message0', 'img0', 'interval0'],
      elements: [
        { type: 'message', value: 'Olá!', number: 'message0' },
        { type: 'img', value: 'flow/stored-foto.png', number: 'img0', original: 'foto.png' },
        { type: 'interval', value: '1', number: 'interval0' },
      ],
    });
    expect(toasts).toContain('Conteúdo adicionada com sucesso!');
  }, SLOW);

  it('content: Escape closes an untouched dialog, and asks before changed cards are lost', async () => {
    const data = { seq: ['message0'], elements: [{ type: 'message', value: 'Olá!', number: 'message0' }] };
    let m = mount({ type: 'singleBlock', node: { id: 'c', data } });
    view = m.view;
    pressEscape(byTestId('flow-content-message'));
    expect(byTestId('flow-content-discard')).toBeNull();
    expect(m.onClose).toHaveBeenCalledTimes(1);
    view.unmount();

    m = mount({ type: 'singleBlock', node: { id: 'c', data } });
    view = m.view;
    type(byTestId('flow-content-message'), 'Olá de novo');
    pressEscape(byTestId('flow-content-message'));
    expect(m.onClose).not.toHaveBeenCalled();
    expect(byTestId('flow-content-discard').textContent).toContain('Descartar as alterações?');
    await click(byTestId('flow-content-discard-cancel'));
    expect(m.onClose).not.toHaveBeenCalled();
    expect(byTestId('flow-content-message').value).toBe('Olá de novo');
    pressEscape(byTestId('flow-content-message'));
    await click(byTestId('flow-content-discard-confirm'));
    expect(m.onClose).toHaveBeenCalledTimes(1);
    expect(m.onSaved).not.toHaveBeenCalled();
  }, SLOW);

  it('content: a chosen file also asks before it is discarded', async () => {
    const data = { seq: ['video0'], elements: [{ type: 'video', value: 'flow/old.mp4', number: 'video0', original: 'old.mp4' }] };
    const m = mount({ type: 'singleBlock', node: { id: 'c', data } });
    view = m.view;
    await choose(byTestId('flow-content-file-video'), new File([new Uint8Array(10)], 'old.mp4', { type: 'video/mp4' }));
    pressEscape(byTestId('flow-content-save'));
    expect(m.onClose).not.toHaveBeenCalled();
    expect(byTestId('flow-content-discard')).not.toBeNull();
  }, SLOW);
});
