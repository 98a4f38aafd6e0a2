const es = {
  layout: {
    menu: {
      integrations: 'Integraciones',
    }
  },
  integrations: {
    title: 'Integraciones',
    add: 'Agregar proyecto',
    empty: 'No se encontró ninguna integración',
    saved: 'Integración guardada.',
    deleted: 'Integración eliminada.',
    deleteTitle: '¿Eliminar {{name}}?',
    deleteMessage: '¿Está seguro? Las colas, opciones y conexiones que la usan dejarán de usarla.',
    noPlan: '¡Esta empresa no tiene permiso para acceder a esta página! Lo estamos redirigiendo.',
    test: 'Probar sesión',
    testEmpty: 'El agente respondió sin texto.',
    keptKey: 'La clave guardada no se muestra; pegue un nuevo JSON para reemplazarla.',
    columns: {
      type: 'Tipo',
      id: 'ID',
      name: 'Nombre',
      actions: 'Acciones',
    },
    modal: {
      addTitle: 'Agregar proyecto',
      editTitle: 'Editar proyecto',
    },
    fields: {
      type: 'Tipo',
      name: 'Nombre',
      projectName: 'Nombre del proyecto',
      jsonContent: 'JSON de credenciales',
      language: 'Idioma',
      urlN8N: 'URL',
      typebotSlug: 'Typebot - Slug',
      typebotExpires: 'Minutos para que expire una conversación',
      typebotKeywordFinish: 'Palabra para cerrar el ticket',
      typebotKeywordRestart: 'Palabra para reiniciar el flujo',
      typebotUnknownMessage: 'Mensaje de opción inválida',
      typebotDelayMessage: 'Intervalo (ms) entre mensajes',
      typebotRestartMessage: 'Mensaje al reiniciar la conversación',
    },
    languages: {
      'pt-BR': 'Portugués',
      en: 'Inglés',
      es: 'Español',
    },
    validation: {
      url: 'URL inválida',
      json: 'JSON de credenciales inválido (cuenta de servicio de Google)',
    },
    select: 'Integración',
    none: 'Ninguna',
  },
  queues: { chatbot: { typeHelp: { integration: 'Entrega el ticket a la integración elegida (Typebot, n8n, webhook, Dialogflow).' } } },
  connections: { modal: { tabs: { integrations: 'Integraciones' }, integrationHelp: 'Las conversaciones nuevas de esta conexión, sin cola ni agente, van a esta integración.', flowIdWelcome: 'Flujo de bienvenida (primer contacto)', flowIdNotPhrase: 'Flujo sin frase (contacto que vuelve)' } },
  tickets: { log: { types: { integrationError: 'La integración falló; se avisó al cliente', integrationStop: 'La integración devolvió el ticket' } } },
  backendErrors: {
    ERR_NO_INTEGRATION_FOUND: 'Integración no encontrada.',
    ERR_TEST_SESSION_DIALOG_FLOW: 'No se pudo probar la sesión de Dialogflow.',
  }
};

export default es;
