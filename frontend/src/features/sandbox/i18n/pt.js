const pt = {
  sandbox: {
    title: 'Simular cliente',
    intro: 'Faça o papel de um cliente desta conexão de teste: o que você escrever chega ao Atende como uma mensagem recebida.',
    banner: 'Simulação · {{name}}',
    invalidNumber: 'Informe um número com 8 a 20 dígitos',
    placeholder: 'Mensagem',
    attach: 'Anexar arquivo',
    send: 'Enviar',
    retry: 'Tentar de novo',
    revoked: 'Essa mensagem foi apagada',
    changeCustomer: 'Trocar cliente',
    empty: 'Escreva como se fosse o cliente. As respostas do Atende aparecem aqui.',
    pollError: 'Não foi possível buscar as respostas: {{message}}',
    openPage: 'Abrir em uma página',
    badConnection: 'Conexão inválida.',
    notSandbox: 'Esta conexão não é de teste (sandbox): a simulação não funciona nela.',
    setup: {
      title: 'Quem é o cliente?',
      help: 'Escolha um cliente recente ou informe um número e um nome. Cada número é um contato diferente no Atende.',
      number: 'Número do cliente',
      numberHelp: 'Com DDI e DDD, só dígitos (8 a 20)',
      random: 'Número aleatório',
      name: 'Nome do cliente',
      start: 'Começar conversa',
      recent: 'Clientes recentes',
    },
  },
  backendErrors: {
    ERR_NOT_SANDBOX: 'Esta conexão não é de teste (sandbox).',
  },
};

export default pt;
