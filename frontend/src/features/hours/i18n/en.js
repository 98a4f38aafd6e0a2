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
    help: 'Leave a shift blank to be closed during it.',
    validation: {
      time: 'Invalid time (HH:MM)',
      order: 'The end must come after the start',
    },
  },
};

export default en;
