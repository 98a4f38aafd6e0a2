const es = {
  hours: {
    weekday: 'Día de la semana',
    startTimeA: 'Inicio (turno A)',
    endTimeA: 'Fin (turno A)',
    startTimeB: 'Inicio (turno B)',
    endTimeB: 'Fin (turno B)',
    weekdays: {
      monday: 'Lunes',
      tuesday: 'Martes',
      wednesday: 'Miércoles',
      thursday: 'Jueves',
      friday: 'Viernes',
      saturday: 'Sábado',
      sunday: 'Domingo',
    },
    help: 'Deje un turno en blanco para no atender en él.',
    validation: {
      time: 'Hora inválida (HH:MM)',
      order: 'El fin debe ser posterior al inicio',
    },
  },
};

export default es;
