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
    nextDay: 'del día siguiente',
    help: 'Deje un turno en blanco para no atender en él. Un fin anterior al inicio cae en el día siguiente.',
    validation: {
      time: 'Hora inválida (HH:MM)',
      order: 'El fin debe ser distinto del inicio',
    },
  },
};

export default es;
