const es = {
  "layout": {
    "menu": {
      "reports": "Informes"
    }
  },
  "reports": {
    "title": "Informes",
    "export": "Exportar a Excel",
    "empty": "No se encontraron atenciones",
    "filters": {
      "contact": "Contacto",
      "contactHint": "Desde 3 caracteres",
      "connections": "Conexiones",
      "users": "Usuarios",
      "queues": "Colas",
      "status": "Estado",
      "dateFrom": "Fecha inicial",
      "dateTo": "Fecha final",
      "onlyRated": "Solo evaluados"
    },
    "columns": {
      "id": "ID",
      "connection": "Conexión",
      "contact": "Contacto",
      "user": "Usuario",
      "queue": "Cola",
      "status": "Estado",
      "lastMessage": "Último mensaje",
      "createdAt": "Abierto el",
      "closedAt": "Cerrado el",
      "supportTime": "Tiempo de atención",
      "nps": "NPS",
      "actions": "Acciones"
    },
    "actions": {
      "log": "Registro del ticket",
      "open": "Abrir ticket"
    },
    "rowsPerPage": "Filas por página",
    "displayed": "{{from}}–{{to}} de {{total}}",
    "displayedMany": "{{from}}–{{to}} de más de {{total}}",
    "status": {
      "open": "Atendiendo",
      "pending": "Esperando",
      "closed": "Finalizado",
      "group": "Grupo",
      "nps": "Evaluación",
      "lgpd": "LGPD"
    }
  },
  "backendErrors": {
    "ERR_REPORT_PAGE_TOO_DEEP": "Página más allá del límite del informe; ajuste los filtros o exporte la planilla."
  }
};

export default es;
