const pt = {
  plans: {
    title: "Planos",
    add: "Adicionar plano",
    addTitle: "Adicionar plano",
    editTitle: "Editar plano",
    saved: "Operação realizada com sucesso!",
    empty: "Nenhum plano cadastrado.",
    loadFailed: "Não foi possível carregar a lista de planos",
    yes: "Sim",
    no: "Não",
    flagsTitle: "Recursos do plano",
    limitInvalid: "Informe um número inteiro a partir de 1",
    amountInvalid: "Valor inválido",
    deleteTitle: "Excluir o plano {{name}}?",
    deleteMessage: "O plano deixa de ser oferecido. Um plano em uso por alguma empresa não pode ser excluído.",
    deleted: "Plano excluído.",
    saveFailed: "Não foi possível realizar a operação. Verifique se já existe um plano com o mesmo nome ou se os campos foram preenchidos corretamente",
    fields: {
      name: "Nome",
      amount: "Valor (R$)",
      users: "Usuários",
      connections: "Conexões",
      queues: "Filas"
    },
    columns: {
      name: "Nome",
      amount: "Valor",
      users: "Usuários",
      connections: "Conexões",
      queues: "Filas",
      isPublic: "Público",
      flags: "Recursos",
      actions: "Ações"
    },
    flags: {
      isPublic: "Público (oferecido no cadastro)",
      useWhatsapp: "WhatsApp",
      useFacebook: "Facebook",
      useInstagram: "Instagram",
      useCampaigns: "Campanhas",
      useSchedules: "Agendamentos",
      useInternalChat: "Chat interno",
      useExternalApi: "API externa",
      useKanban: "Kanban",
      useOpenAi: "OpenAI",
      useIntegrations: "Integrações"
    }
  },
  settings: {
    tabs: {
      plans: "Planos"
    }
  },
  backendErrors: {
    ERR_PLAN_NAME_EXISTS: "Já existe um plano com este nome.",
    ERR_PLAN_IN_USE: "O plano está em uso por uma ou mais empresas.",
    ERR_NO_PLAN_FOUND: "Nenhum plano encontrado com este ID."
  }
};

export default pt;
