const tr = {
  hours: {
    weekday: 'Gün',
    startTimeA: 'Başlangıç (A vardiyası)',
    endTimeA: 'Bitiş (A vardiyası)',
    startTimeB: 'Başlangıç (B vardiyası)',
    endTimeB: 'Bitiş (B vardiyası)',
    weekdays: {
      monday: 'Pazartesi',
      tuesday: 'Salı',
      wednesday: 'Çarşamba',
      thursday: 'Perşembe',
      friday: 'Cuma',
      saturday: 'Cumartesi',
      sunday: 'Pazar',
    },
    nextDay: 'ertesi gün',
    help: 'Hizmet verilmeyen vardiyayı boş bırakın. Başlangıçtan önceki bir bitiş ertesi güne düşer.',
    validation: {
      time: 'Geçersiz saat (SS:DD)',
      order: 'Bitiş, başlangıçtan farklı olmalıdır',
    },
  },
};

export default tr;
