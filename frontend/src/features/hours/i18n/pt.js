const pt = {
  hours: {
    weekday: 'Dia da semana',
    startTimeA: 'Início (turno A)',
    endTimeA: 'Fim (turno A)',
    startTimeB: 'Início (turno B)',
    endTimeB: 'Fim (turno B)',
    weekdays: {
      monday: 'Segunda-feira',
      tuesday: 'Terça-feira',
      wednesday: 'Quarta-feira',
      thursday: 'Quinta-feira',
      friday: 'Sexta-feira',
      saturday: 'Sábado',
      sunday: 'Domingo',
    },
    nextDay: 'do dia seguinte',
    help: 'Deixe um turno em branco para não atender nele. Um fim antes do início termina no dia seguinte.',
    validation: {
      time: 'Horário inválido (HH:MM)',
      order: 'O fim deve ser diferente do início',
    },
  },
};

export default pt;
