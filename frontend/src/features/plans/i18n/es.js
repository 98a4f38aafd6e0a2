const es = {
  plans: {
    title: "Planes",
    add: "Agregar plan",
    addTitle: "Agregar plan",
    editTitle: "Editar plan",
    saved: "¡Operación realizada con éxito!",
    empty: "No hay planes.",
    loadFailed: "No fue posible cargar la lista de planes",
    yes: "Sí",
    no: "No",
    flagsTitle: "Recursos del plan",
    limitInvalid: "Ingrese un número entero desde 1",
    amountInvalid: "Valor inválido",
    deleteTitle: "¿Eliminar el plan {{name}}?",
    deleteMessage: "El plan deja de ofrecerse. Un plan en uso por alguna empresa no se puede eliminar.",
    deleted: "Plan eliminado.",
    saveFailed: "No fue posible realizar la operación. Verifique si ya existe un plan con el mismo nombre o si los campos se completaron correctamente",
    fields: {
      name: "Nombre",
      amount: "Valor (R$)",
      users: "Usuarios",
      connections: "Conexiones",
      queues: "Colas"
    },
    columns: {
      name: "Nombre",
      amount: "Valor",
      users: "Usuarios",
      connections: "Conexiones",
      queues: "Colas",
      isPublic: "Público",
      flags: "Recursos",
      actions: "Acciones"
    },
    flags: {
      isPublic: "Público (ofrecido en el registro)",
      useWhatsapp: "WhatsApp",
      useFacebook: "Facebook",
      useInstagram: "Instagram",
      useCampaigns: "Campañas",
      useSchedules: "Agendamientos",
      useInternalChat: "Chat interno",
      useExternalApi: "API externa",
      useKanban: "Kanban",
      useOpenAi: "OpenAI",
      useIntegrations: "Integraciones"
    }
  },
  settings: {
    tabs: {
      plans: "Planes"
    }
  },
  backendErrors: {
    ERR_PLAN_NAME_EXISTS: "Ya existe un plan con este nombre.",
    ERR_PLAN_IN_USE: "El plan está en uso por una o más empresas.",
    ERR_NO_PLAN_FOUND: "No se encontró ningún plan con este ID."
  }
};

export default es;
