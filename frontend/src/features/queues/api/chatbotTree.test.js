import { describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import {
  OPTION_SERVER_MESSAGES, OPTION_TYPES, canNest, countDescendants, countOptions, findOption, menuPreview, optionPayload, optionServerErrors, optionToForm,
  sortTree, validateOption, walk,
} from './chatbotTree';

// As GET /queue/{id} answers it: first level under chatbots, sub-options under options, any order.
const tree = [
  { id: 12, name: 'Suporte', greetingMessage: 'Qual problema?', queueType: 'text', options: [
    { id: 30, name: 'Internet lenta', greetingMessage: '', queueType: 'queue', optQueueId: 4, options: [] },
    { id: 21, name: 'Sem sinal', greetingMessage: 'Já reiniciou o modem?', queueType: 'text', options: [
      { id: 40, name: 'Sim, já reiniciei', greetingMessage: '', queueType: 'attendent', optQueueId: 4, optUserId: 9, options: [] },
    ] },
  ] },
  { id: 5, name: 'Financeiro', greetingMessage: '', queueType: 'file', optFileId: 2 },
];

describe('chatbot option tree', () => {
  it('orders every level by id, as the bot numbers them', () => {
    const sorted = sortTree(tree);
    expect(sorted.map((o) => o.id)).toEqual([5, 12]);
    expect(sorted[1].options.map((o) => o.id)).toEqual([21, 30]);
    expect(sorted[0].options).toEqual([]);
    expect(tree[0].options[0].id).toBe(30); // the answer itself is left alone
  });

  it('numbers options to any depth and finds them', () => {
    const seen = [];
    walk(tree, (option, { number, depth, parent }) => seen.push([number, option.name, depth, parent?.id ?? null]));
    expect(seen).toEqual([
      ['1', 'Financeiro', 0, null],
      ['2', 'Suporte', 0, null],
      ['2.1', 'Sem sinal', 1, 12],
      ['2.1.1', 'Sim, já reiniciei', 2, 21],
      ['2.2', 'Internet lenta', 1, 12],
    ]);
    expect(findOption(tree, 40).name).toBe('Sim, já reiniciei');
    expect(findOption(tree, 99)).toBeNull();
  });

  it('counts what a delete takes with it', () => {
    expect(countDescendants(findOption(tree, 12))).toBe(3);
    expect(countDescendants(findOption(tree, 21))).toBe(1);
    expect(countDescendants(findOption(tree, 5))).toBe(0);
    expect(countDescendants(null)).toBe(0);
    expect(countOptions(tree)).toBe(5);
  });

  it('nests only under an option with a message', () => {
    expect(canNest(findOption(tree, 12))).toBe(true);
    expect(canNest(findOption(tree, 30))).toBe(false);
    expect(canNest({ greetingMessage: '   ' })).toBe(false);
  });

  it('offers text, queue, attendant, file and integration', () => {
    expect(OPTION_TYPES).toEqual(['text', 'queue', 'attendent', 'file', 'integration']);
    expect(optionToForm(null)).toEqual({ name: '', greetingMessage: '', queueType: 'text', closeTicket: false, optQueueId: '', optUserId: '', optFileId: '', optIntegrationId: '' });
    expect(optionToForm(findOption(tree, 40))).toMatchObject({ queueType: 'attendent', optQueueId: 4, optUserId: 9, optFileId: '' });
  });

  it('wants a name of 4+ characters, a message to nest, and the targets of its type', () => {
    const base = { ...optionToForm(null), name: 'Vendas' };
    expect(validateOption(base)).toEqual({});
    expect(validateOption({ ...base, name: 'abc' }).name).toBe('queues.chatbot.validation.nameTooShort');
    expect(validateOption({ ...base, name: '  abcd  ' })).toEqual({});
    expect(validateOption({ ...base, name: '' }).name).toBe('validation.required');
    const nesting = validateOption(base, { hasChildren: true });
    expect(nesting).toEqual({ greetingMessage: 'queues.chatbot.validation.greetingToNest' });
    expect(i18n.t(nesting.greetingMessage)).toBe('A mensagem é obrigatória para ir ao próximo nível');
    expect(validateOption({ ...base, queueType: 'queue' })).toEqual({ optQueueId: 'validation.required' });
    expect(validateOption({ ...base, queueType: 'attendent', optQueueId: 3 })).toEqual({ optUserId: 'validation.required' });
    expect(validateOption({ ...base, queueType: 'file' })).toEqual({ optFileId: 'validation.required' });
    expect(validateOption({ ...base, queueType: 'file', optFileId: 2 })).toEqual({});
  });

  it('sends the targets its type uses, and the place only on creation', () => {
    const values = { name: ' Falar com a Ana ', greetingMessage: 'Um momento', queueType: 'attendent', closeTicket: false, optQueueId: '4', optUserId: '9', optFileId: '2' };
    expect(optionPayload(values, { queueId: 7, parentId: 21 })).toEqual({
      queueId: 7, parentId: 21, name: 'Falar com a Ana', greetingMessage: 'Um momento', queueType: 'attendent', closeTicket: false,
      optQueueId: 4, optUserId: 9, optFileId: null, optIntegrationId: null,
    });
    expect(optionPayload({ ...values, queueType: 'text', closeTicket: true }, { queueId: 7 })).toMatchObject({
      parentId: null, optQueueId: null, optUserId: null, optFileId: null, closeTicket: true,
    });
    const update = optionPayload({ ...values, queueType: 'file' });
    expect(update).not.toHaveProperty('queueId');
    expect(update).not.toHaveProperty('parentId');
    expect(update).toMatchObject({ optFileId: 2, optQueueId: null });
  });

  it('previews the menu as the customer reads it', () => {
    expect(menuPreview('Olá! Escolha:', tree, { back: 'Voltar', exit: 'Encerrar' })).toBe(
      'Olá! Escolha:\n[1] - Financeiro\n[2] - Suporte\n[#] - Voltar\n[Sair] - Encerrar',
    );
    expect(menuPreview('', [], { back: 'Voltar', exit: 'Encerrar' })).toBe('[#] - Voltar\n[Sair] - Encerrar');
  });

  it("turns every field message of pkg/queue/options.go into a translated key", () => {
    const refused = {
      code: 'ERR_VALIDATION',
      fields: {
        name: 'Nome muito curto', greetingMessage: 'Too Long!', queueType: 'Opção inválida', optQueueId: 'Fila inválida', optUserId: 'Usuário inválido',
        optFileId: 'Lista de arquivos inválida', optIntegrationId: 'Integração inválida', queueId: 'Obrigatório', parentId: 'Opção inválida', other: 'Novo texto',
      },
    };
    expect(optionServerErrors(refused)).toEqual({
      name: 'queues.chatbot.validation.nameTooShort', greetingMessage: 'validation.tooLong', queueType: 'validation.invalidOption',
      optQueueId: 'queues.chatbot.validation.badQueue', optUserId: 'queues.chatbot.validation.badUser', optFileId: 'queues.chatbot.validation.badFileList',
      optIntegrationId: 'queues.chatbot.validation.badIntegration', queueId: 'validation.required', parentId: 'queues.chatbot.validation.badParent',
      other: 'queues.chatbot.validation.invalid',
    });
    expect(optionServerErrors({ fields: { name: 'Nome muito longo', parentId: 'A mensagem é obrigatória para ir ao próximo nível' } })).toEqual({
      name: 'queues.chatbot.validation.nameTooLong', parentId: 'queues.chatbot.validation.parentGreeting',
    });
    expect(optionServerErrors({ fields: { greetingMessage: 'A mensagem é obrigatória para ir ao próximo nível' } }))
      .toEqual({ greetingMessage: 'queues.chatbot.validation.greetingToNest' });
    expect(optionServerErrors(undefined)).toEqual({});
    [...Object.values(OPTION_SERVER_MESSAGES), 'queues.chatbot.validation.badParent', 'queues.chatbot.validation.parentGreeting', 'queues.chatbot.validation.invalid']
      .forEach((key) => expect(i18n.exists(key), key).toBe(true));
  });
});
