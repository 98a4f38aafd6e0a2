const en = {
  hours: {
    weekday: 'Weekday',
    startTimeA: 'Start (shift A)',
    endTimeA: 'End (shift A)',
    startTimeB: 'Start (shift B)',
    endTimeB: 'End (shift B)',
    weekdays: {
      monday: 'Monday',
      tuesday: 'Tuesday',
      wednesday: 'Wednesday',
      thursday: 'Thursday',
      friday: 'Friday',
      saturday: 'Saturday',
      sunday: 'Sunday',
    },
    nextDay: 'the next day',
    help: 'Leave a shift blank to be closed during it. An end before the start falls on the next day.',
    validation: {
      time: 'Invalid time (HH:MM)',
      order: 'The end must differ from the start',
    },
  },
};

export default en;
