const pt = {
  phraseCampaigns: {
    menu: 'Campanhas por frase',
    title: 'Campanhas',
    add: 'Campanha',
    columns: { name: 'Nome', phrase: 'Frase', status: 'Status', actions: 'Ações' },
    active: 'Ativo',
    inactive: 'Desativado',
    empty: 'Nenhuma campanha com fluxo por frase',
    created: 'Frase criada com sucesso!',
    updated: 'Frase alterada com sucesso!',
    deleted: 'Frase deletada',
    deleteTitle: 'Excluir a campanha {{name}}?',
    deleteMessage: 'A frase deixará de disparar o fluxo.',
    modal: {
      addTitle: 'Nova campanha com fluxo por frase',
      editTitle: 'Editar campanha com fluxo por frase',
      name: 'Nome do disparo por frase',
      flow: 'Escolha um fluxo',
      connection: 'Selecione uma Conexão',
      phrase: 'Qual frase dispara o fluxo?',
      matchType: 'Como comparar a frase',
      match: { exact: 'Mensagem igual à frase', contains: 'Mensagem contém a frase' },
      status: 'Status',
      createButton: 'Criar campanha',
      saveButton: 'Salvar campanha',
    },
  },
  backendErrors: {
    ERR_FLOW_CAMPAIGN_LIMIT: 'Limite de 1000 campanhas de frase atingido. Exclua uma para criar outra.',
    ERR_NO_FLOW_CAMPAIGN_FOUND: 'Nenhuma campanha encontrada com este ID.',
  },
};

export default pt;
