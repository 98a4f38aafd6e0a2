const es = {
  sandbox: {
    title: 'Simular cliente',
    intro: 'Haga el papel de un cliente de esta conexión de prueba: lo que escriba llega a Atende como un mensaje recibido.',
    banner: 'Simulación · {{name}}',
    invalidNumber: 'Ingrese un número de 8 a 20 dígitos',
    placeholder: 'Mensaje',
    attach: 'Adjuntar archivo',
    send: 'Enviar',
    retry: 'Intentar de nuevo',
    revoked: 'Este mensaje fue eliminado',
    changeCustomer: 'Cambiar cliente',
    empty: 'Escriba como si fuera el cliente. Las respuestas de Atende aparecen aquí.',
    pollError: 'No se pudieron obtener las respuestas: {{message}}',
    openPage: 'Abrir en una página',
    badConnection: 'Conexión inválida.',
    notSandbox: 'Esta conexión no es de prueba (sandbox): la simulación no funciona en ella.',
    setup: {
      title: '¿Quién es el cliente?',
      help: 'Elija un cliente reciente o ingrese un número y un nombre. Cada número es un contacto distinto en Atende.',
      number: 'Número del cliente',
      numberHelp: 'Con código de país y de área, solo dígitos (8 a 20)',
      random: 'Número aleatorio',
      name: 'Nombre del cliente',
      start: 'Iniciar conversación',
      recent: 'Clientes recientes',
    },
  },
  backendErrors: {
    ERR_NOT_SANDBOX: 'Esta conexión no es de prueba (sandbox).',
  },
};

export default es;
