const pt = {
  layout: {
    menu: {
      integrations: 'Integrações',
    }
  },
  integrations: {
    title: 'Integrações',
    add: 'Adicionar projeto',
    empty: 'Nenhuma integração encontrada',
    saved: 'Integração salva com sucesso.',
    deleted: 'Integração excluída com sucesso.',
    deleteTitle: 'Excluir {{name}}?',
    deleteMessage: 'Tem certeza? Filas, opções e conexões que a usam deixarão de usá-la.',
    noPlan: 'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.',
    test: 'Testar sessão',
    testEmpty: 'O agente respondeu sem texto.',
    keptKey: 'A chave guardada não é mostrada; cole um novo JSON para substituí-la.',
    columns: {
      type: 'Tipo',
      id: 'ID',
      name: 'Nome',
      actions: 'Ações',
    },
    modal: {
      addTitle: 'Adicionar projeto',
      editTitle: 'Editar projeto',
    },
    fields: {
      type: 'Tipo',
      name: 'Nome',
      projectName: 'Nome do projeto',
      jsonContent: 'JSON de credenciais',
      language: 'Linguagem',
      urlN8N: 'URL',
      typebotSlug: 'Typebot - Slug',
      typebotExpires: 'Tempo em minutos para expirar uma conversa',
      typebotKeywordFinish: 'Palavra para finalizar o ticket',
      typebotKeywordRestart: 'Palavra para reiniciar o fluxo',
      typebotUnknownMessage: 'Mensagem de opção inválida',
      typebotDelayMessage: 'Intervalo (ms) entre mensagens',
      typebotRestartMessage: 'Mensagem ao reiniciar a conversa',
    },
    languages: {
      'pt-BR': 'Português',
      en: 'Inglês',
      es: 'Espanhol',
    },
    validation: {
      url: 'URL inválida',
      json: 'JSON de credenciais inválido (conta de serviço do Google)',
    },
    select: 'Integração',
    none: 'Nenhuma',
  },
  queues: { chatbot: { typeHelp: { integration: 'Entrega o ticket à integração escolhida (Typebot, n8n, webhook, Dialogflow).' } } },
  connections: { modal: { tabs: { integrations: 'Integrações' }, integrationHelp: 'Conversas novas desta conexão, sem fila nem atendente, vão para esta integração.', flowIdWelcome: 'Fluxo de boas-vindas (primeiro contato)', flowIdNotPhrase: 'Fluxo sem frase (contato que volta)' } },
  tickets: { log: { types: { integrationError: 'Integração falhou; o cliente foi avisado', integrationStop: 'Integração devolveu o ticket' } } },
  backendErrors: {
    ERR_NO_INTEGRATION_FOUND: 'Integração não encontrada.',
    ERR_TEST_SESSION_DIALOG_FLOW: 'Não foi possível testar a sessão do Dialogflow.',
  }
};

export default pt;
