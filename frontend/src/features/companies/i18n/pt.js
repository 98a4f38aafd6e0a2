const pt = {
  companies: {
    title: "Empresas",
    add: "Adicionar empresa",
    addTitle: "Adicionar empresa",
    editTitle: "Editar empresa",
    saved: "Operação realizada com sucesso!",
    empty: "Nenhuma empresa encontrada.",
    active: "Ativa",
    blocked: "Bloqueada",
    deleting: "Excluindo… {{progress}}%",
    deletingShort: "Sendo excluída",
    noExpiry: "Sem vencimento",
    never: "nunca",
    block: "Bloquear",
    unblock: "Desbloquear",
    measure: "Medir a pasta de arquivos",
    deleteTitle: "Excluir a empresa {{name}}?",
    deleteMessage: "A empresa, seus usuários, conexões, tickets, mensagens, contatos e arquivos serão excluídos em segundo plano. Esta ação não pode ser desfeita.",
    deleteStarted: "Exclusão iniciada: o progresso aparece na tabela.",
    createdTitle: "Empresa criada",
    initialPassword: "Senha do primeiro administrador ({{email}}), mostrada só agora:",
    passwordHelp: "Em branco, uma senha aleatória é gerada e mostrada uma vez.",
    newPasswordHelp: "Preencha só para trocar a senha do administrador da empresa.",
    noPermission: "Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.",
    saveFailed: "Não foi possível realizar a operação. Verifique se já existe uma empresa com o mesmo nome ou se os campos foram preenchidos corretamente",
    fields: {
      name: "Nome",
      email: "E-mail",
      phone: "Telefone",
      password: "Senha",
      newPassword: "Nova senha",
      document: "CPF/CNPJ",
      addressStreet: "Endereço",
      addressCity: "Cidade",
      addressState: "Estado",
      planId: "Plano",
      recurrence: "Recorrência",
      dueDate: "Data de vencimento",
      paymentMethod: "Forma de pagamento",
      status: "Ativa"
    },
    columns: {
      id: "ID",
      name: "Nome",
      email: "E-mail",
      plan: "Plano",
      status: "Status",
      dueDate: "Vencimento",
      recurrence: "Recorrência",
      users: "Atendentes",
      connections: "Conexões",
      lastLogin: "Último login",
      folder: "Pasta (tamanho · arquivos)",
      createdAt: "Criada em",
      actions: "Ações"
    },
    usage: {
      attendants: "Atendentes: {{n}} de {{max}}",
      connections: "Conexões: {{n}} de {{max}}",
      lastLogin: "Último login: {{when}}",
      folder: "Pasta: {{size}} em {{files}} arquivos (medida {{when}})"
    },
    recurrences: {
      MENSAL: "Mensal",
      BIMESTRAL: "Bimestral",
      TRIMESTRAL: "Trimestral",
      SEMESTRAL: "Semestral",
      ANUAL: "Anual"
    },
    blockedNotice: "Esta empresa está bloqueada. Entre em contato com o Suporte para mais informações!"
  },
  layout: {
    menu: {
      companies: "Empresas",
    },
  },
  settings: {
    tabs: {
      companies: "Empresas"
    }
  },
  backendErrors: {
    ERR_COMPANY_BLOCKED: "Esta empresa está bloqueada. Entre em contato com o Suporte para mais informações!",
    ERR_COMPANY_NAME_EXISTS: "Já existe uma empresa com este nome.",
    ERR_MAIN_COMPANY: "A empresa principal não pode ser bloqueada nem excluída.",
    ERR_COMPANY_DELETING: "Esta empresa está sendo excluída.",
    ERR_NO_COMPANY_FOUND: "Nenhuma empresa encontrada com este ID."
  }
};

export default pt;
