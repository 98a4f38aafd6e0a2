const es = {
  phraseCampaigns: {
    menu: 'Campañas por frase',
    title: 'Campañas',
    add: 'Campaña',
    columns: { name: 'Nombre', phrase: 'Frase', status: 'Estado', actions: 'Acciones' },
    active: 'Activo',
    inactive: 'Desactivado',
    empty: 'Ninguna campaña con flujo por frase',
    created: '¡Frase creada con éxito!',
    updated: '¡Frase modificada con éxito!',
    deleted: 'Frase eliminada',
    deleteTitle: '¿Eliminar la campaña {{name}}?',
    deleteMessage: 'La frase dejará de iniciar el flujo.',
    modal: {
      addTitle: 'Nueva campaña con flujo por frase',
      editTitle: 'Editar campaña con flujo por frase',
      name: 'Nombre del disparo por frase',
      flow: 'Elija un flujo',
      connection: 'Seleccione una conexión',
      phrase: '¿Qué frase inicia el flujo?',
      matchType: 'Cómo comparar la frase',
      match: { exact: 'Mensaje igual a la frase', contains: 'Mensaje contiene la frase' },
      status: 'Estado',
      createButton: 'Crear campaña',
      saveButton: 'Guardar campaña',
    },
  },
  backendErrors: {
    ERR_FLOW_CAMPAIGN_LIMIT: 'Límite de 1000 campañas por frase alcanzado. Elimine una para crear otra.',
    ERR_NO_FLOW_CAMPAIGN_FOUND: 'No se encontró ninguna campaña con este ID.',
  },
};

export default es;
