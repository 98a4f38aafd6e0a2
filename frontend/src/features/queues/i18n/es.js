const es = {
  layout: { menu: { queues: 'Colas' } },
  queues: {
    title: 'Colas',
    add: 'Agregar cola',
    empty: 'No hay colas registradas',
    saved: '¡Cola guardada con éxito!',
    deleted: '¡Cola eliminada con éxito!',
    deleteTitle: '¿Eliminar la cola {{name}}?',
    deleteMessage: 'Los tickets de esta cola seguirán existiendo, sin cola asignada.',
    minutes_one: '{{count}} minuto',
    minutes_other: '{{count}} minutos',
    columns: { id: 'ID', name: 'Nombre', color: 'Color', orderQueue: 'Orden', greetingMessage: 'Mensaje de saludo', actions: 'Acciones' },
    modal: {
      addTitle: 'Agregar cola',
      editTitle: 'Editar cola',
      name: 'Nombre',
      color: 'Color',
      orderQueue: 'Orden de la cola (bot)',
      greetingMessage: 'Mensaje de saludo',
      outOfHoursMessage: 'Mensaje fuera de horario',
      closeTicket: 'Cerrar el ticket al entrar en la cola',
      rotation: 'Rotación de agentes',
      rotationTime: 'Tiempo de rotación',
    },
    validation: { wholeNumber: 'Ingrese un número entero no negativo' },
  },
  backendErrors: {
    ERR_QUEUE_NAME_ALREADY_EXISTS: 'Ya existe una cola con este nombre.',
    ERR_QUEUE_LIMIT_REACHED: 'Se alcanzó el límite de colas de su plan.',
    ERR_QUEUE_NOT_FOUND: 'No se encontró ninguna cola con este ID.',
  },
};

export default es;
