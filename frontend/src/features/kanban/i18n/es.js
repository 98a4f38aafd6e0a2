const es = {
  "layout": {
    "menu": {
      "kanban": "Kanban"
    }
  },
  "kanban": {
    "title": "Kanban",
    "startDate": "Fecha inicial",
    "endDate": "Fecha final",
    "search": "Buscar",
    "addLanes": "Agregar columnas",
    "defaultLane": "Abiertos",
    "hasMore": "Hay más tickets en este período: se muestran los 500 más recientes.",
    "card": {
      "ticket": "Ticket #{{id}}",
      "view": "Ver"
    },
    "lanesTitle": "Columnas del Kanban",
    "back": "Volver al Kanban",
    "noLanes": "Ninguna columna",
    "columns": {
      "name": "Nombre",
      "tickets": "Tickets",
      "actions": "Acciones"
    },
    "deleteTitle": "¿Eliminar la columna {{name}}?",
    "deleteMessage": "La etiqueta se quitará de todos los tickets y contactos.",
    "deleted": "¡Columna eliminada con éxito!",
    "lane": {
      "addTitle": "Agregar columna",
      "editTitle": "Editar columna",
      "name": "Nombre",
      "color": "Color",
      "nextLaneId": "Siguiente columna",
      "timeLane": "Tiempo en la columna (minutos)",
      "timeLaneHint": "Tras un mensaje del agente, la tarjeta pasa a la siguiente columna después de este tiempo",
      "rollbackLaneId": "Columna de retorno",
      "greetingMessageLane": "Mensaje de saludo de la columna",
      "none": "Ninguna",
      "saved": "¡Columna guardada con éxito!"
    },
    "validation": {
      "minutes": "Indique los minutos",
      "nextLane": "Elija la siguiente columna"
    }
  }
};

export default es;
