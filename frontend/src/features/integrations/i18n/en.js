const en = {
  layout: {
    menu: {
      integrations: 'Integrations',
    }
  },
  integrations: {
    title: 'Integrations',
    add: 'Add project',
    empty: 'No integration found',
    saved: 'Integration saved.',
    deleted: 'Integration deleted.',
    deleteTitle: 'Delete {{name}}?',
    deleteMessage: 'Are you sure? Queues, options and connections using it will stop using it.',
    noPlan: "This company's plan does not include this page. Redirecting you.",
    test: 'Test session',
    testEmpty: 'The agent answered without text.',
    keptKey: 'The stored key is not shown; paste a new JSON to replace it.',
    columns: {
      type: 'Type',
      id: 'ID',
      name: 'Name',
      actions: 'Actions',
    },
    modal: {
      addTitle: 'Add project',
      editTitle: 'Edit project',
    },
    fields: {
      type: 'Type',
      name: 'Name',
      projectName: 'Project name',
      jsonContent: 'Credentials JSON',
      language: 'Language',
      urlN8N: 'URL',
      typebotSlug: 'Typebot - Slug',
      typebotExpires: 'Minutes until a conversation expires',
      typebotKeywordFinish: 'Keyword that closes the ticket',
      typebotKeywordRestart: 'Keyword that restarts the flow',
      typebotUnknownMessage: 'Invalid option message',
      typebotDelayMessage: 'Delay (ms) between messages',
      typebotRestartMessage: 'Message when the conversation restarts',
    },
    languages: {
      'pt-BR': 'Portuguese',
      en: 'English',
      es: 'Spanish',
    },
    validation: {
      url: 'Invalid URL',
      json: 'Invalid credentials JSON (Google service account)',
    },
    select: 'Integration',
    none: 'None',
  },
  queues: { chatbot: { typeHelp: { integration: 'Hands the ticket to the chosen integration (Typebot, n8n, webhook, Dialogflow).' } } },
  connections: { modal: { tabs: { integrations: 'Integrations' }, integrationHelp: 'New conversations of this connection, without queue or attendant, go to this integration.', flowIdWelcome: 'Welcome flow (first contact)', flowIdNotPhrase: 'No-phrase flow (returning contact)' } },
  tickets: { log: { types: { integrationError: 'Integration failed; the customer was told', integrationStop: 'Integration handed the ticket back' } } },
  backendErrors: {
    ERR_NO_INTEGRATION_FOUND: 'Integration not found.',
    ERR_TEST_SESSION_DIALOG_FLOW: 'Could not test the Dialogflow session.',
  }
};

export default en;
