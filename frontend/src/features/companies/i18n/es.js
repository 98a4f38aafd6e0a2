const es = {
  companies: {
    title: "Empresas",
    add: "Agregar empresa",
    addTitle: "Agregar empresa",
    editTitle: "Editar empresa",
    saved: "¡Operación realizada con éxito!",
    empty: "No se encontraron empresas.",
    active: "Activa",
    blocked: "Bloqueada",
    deleting: "Eliminando… {{progress}}%",
    deletingShort: "En eliminación",
    noExpiry: "Sin vencimiento",
    never: "nunca",
    block: "Bloquear",
    unblock: "Desbloquear",
    measure: "Medir la carpeta de archivos",
    deleteTitle: "¿Eliminar la empresa {{name}}?",
    deleteMessage: "La empresa, sus usuarios, conexiones, tickets, mensajes, contactos y archivos se eliminarán en segundo plano. Esta acción no se puede deshacer.",
    deleteStarted: "Eliminación iniciada: el progreso aparece en la tabla.",
    createdTitle: "Empresa creada",
    initialPassword: "Contraseña del primer administrador ({{email}}), mostrada solo ahora:",
    passwordHelp: "En blanco, se genera una contraseña aleatoria y se muestra una vez.",
    newPasswordHelp: "Complete solo para cambiar la contraseña del administrador de la empresa.",
    noPermission: "¡Esta empresa no tiene permiso para acceder a esta página! Lo estamos redirigiendo.",
    saveFailed: "No fue posible realizar la operación. Verifique si ya existe una empresa con el mismo nombre o si los campos se completaron correctamente",
    fields: {
      name: "Nombre",
      email: "Correo",
      phone: "Teléfono",
      password: "Contraseña",
      newPassword: "Nueva contraseña",
      document: "Documento (CPF/CNPJ)",
      addressStreet: "Dirección",
      addressCity: "Ciudad",
      addressState: "Estado",
      planId: "Plan",
      recurrence: "Recurrencia",
      dueDate: "Fecha de vencimiento",
      paymentMethod: "Forma de pago",
      status: "Activa"
    },
    columns: {
      id: "ID",
      name: "Nombre",
      email: "Correo",
      plan: "Plan",
      status: "Estado",
      dueDate: "Vencimiento",
      recurrence: "Recurrencia",
      users: "Agentes",
      connections: "Conexiones",
      lastLogin: "Último acceso",
      folder: "Carpeta (tamaño · archivos)",
      createdAt: "Creada",
      actions: "Acciones"
    },
    usage: {
      attendants: "Agentes: {{n}} de {{max}}",
      connections: "Conexiones: {{n}} de {{max}}",
      lastLogin: "Último acceso: {{when}}",
      folder: "Carpeta: {{size}} en {{files}} archivos (medida {{when}})"
    },
    recurrences: {
      MENSAL: "Mensual",
      BIMESTRAL: "Bimestral",
      TRIMESTRAL: "Trimestral",
      SEMESTRAL: "Semestral",
      ANUAL: "Anual"
    },
    blockedNotice: "Esta empresa está bloqueada. ¡Contacte al Soporte para más información!"
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
    ERR_COMPANY_BLOCKED: "Esta empresa está bloqueada. ¡Contacte al Soporte para más información!",
    ERR_COMPANY_NAME_EXISTS: "Ya existe una empresa con este nombre.",
    ERR_MAIN_COMPANY: "La empresa principal no se puede bloquear ni eliminar.",
    ERR_COMPANY_DELETING: "Esta empresa se está eliminando.",
    ERR_NO_COMPANY_FOUND: "No se encontró ninguna empresa con este ID."
  }
};

export default es;
