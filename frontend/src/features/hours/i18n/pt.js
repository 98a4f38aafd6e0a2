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
    help: 'Deixe um turno em branco para não atender nele.',
    validation: {
      time: 'Horário inválido (HH:MM)',
      order: 'O fim deve ser depois do início',
    },
  },
};

export default pt;
