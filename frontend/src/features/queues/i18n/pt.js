const pt = {
  layout: { menu: { queues: 'Filas' } },
  queues: {
    title: 'Filas',
    add: 'Adicionar fila',
    empty: 'Nenhuma fila cadastrada',
    saved: 'Fila salva com sucesso!',
    deleted: 'Fila excluída com sucesso!',
    deleteTitle: 'Excluir a fila {{name}}?',
    deleteMessage: 'Os atendimentos desta fila continuarão existindo, mas sem fila atribuída.',
    minutes_one: '{{count}} minuto',
    minutes_other: '{{count}} minutos',
    columns: { id: 'ID', name: 'Nome', color: 'Cor', orderQueue: 'Ordem', greetingMessage: 'Mensagem de saudação', actions: 'Ações' },
    modal: {
      addTitle: 'Adicionar fila',
      editTitle: 'Editar fila',
      name: 'Nome',
      color: 'Cor',
      orderQueue: 'Ordem da fila (bot)',
      greetingMessage: 'Mensagem de saudação',
      outOfHoursMessage: 'Mensagem fora do expediente',
      closeTicket: 'Fechar ticket ao entrar na fila',
      rotation: 'Rodízio de atendentes',
      rotationTime: 'Tempo de rodízio',
    },
    validation: { wholeNumber: 'Informe um número inteiro não negativo' },
  },
  backendErrors: {
    ERR_QUEUE_NAME_ALREADY_EXISTS: 'Já existe uma fila com este nome.',
    ERR_QUEUE_LIMIT_REACHED: 'O limite de filas do seu plano foi atingido.',
    ERR_QUEUE_NOT_FOUND: 'Nenhuma fila encontrada com este ID.',
  },
};

export default pt;
