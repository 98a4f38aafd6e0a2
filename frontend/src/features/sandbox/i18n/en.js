const en = {
  sandbox: {
    title: 'Simulate customer',
    intro: 'Play a customer of this test connection: what you type reaches Atende as an incoming message.',
    banner: 'Simulation · {{name}}',
    invalidNumber: 'Enter a number with 8 to 20 digits',
    placeholder: 'Message',
    attach: 'Attach file',
    send: 'Send',
    retry: 'Try again',
    revoked: 'This message was deleted',
    changeCustomer: 'Change customer',
    empty: 'Write as if you were the customer. Atende’s replies show here.',
    pollError: 'The replies could not be fetched: {{message}}',
    openPage: 'Open on a page',
    badConnection: 'Invalid connection.',
    notSandbox: 'This connection is not a test (sandbox) one: the simulation does not work on it.',
    setup: {
      title: 'Who is the customer?',
      help: 'Pick a recent customer or enter a number and a name. Each number is a different contact in Atende.',
      number: 'Customer number',
      numberHelp: 'With country and area code, digits only (8 to 20)',
      random: 'Random number',
      name: 'Customer name',
      start: 'Start conversation',
      recent: 'Recent customers',
    },
  },
  backendErrors: {
    ERR_NOT_SANDBOX: 'This connection is not a test (sandbox) one.',
  },
};

export default en;
