const tr = {
  sandbox: {
    title: 'Müşteri simüle et',
    intro: 'Bu test bağlantısının müşterisini oynayın: yazdıklarınız Atende’ye gelen mesaj olarak ulaşır.',
    banner: 'Simülasyon · {{name}}',
    invalidNumber: '8 ile 20 haneli bir numara girin',
    placeholder: 'Mesaj',
    attach: 'Dosya ekle',
    send: 'Gönder',
    retry: 'Tekrar dene',
    revoked: 'Bu mesaj silindi',
    changeCustomer: 'Müşteriyi değiştir',
    empty: 'Müşteriymiş gibi yazın. Atende’nin yanıtları burada görünür.',
    pollError: 'Yanıtlar alınamadı: {{message}}',
    openPage: 'Sayfada aç',
    badConnection: 'Geçersiz bağlantı.',
    notSandbox: 'Bu bağlantı bir test (sandbox) bağlantısı değil: simülasyon burada çalışmaz.',
    setup: {
      title: 'Müşteri kim?',
      help: 'Son müşterilerden birini seçin veya bir numara ve ad girin. Her numara Atende’de ayrı bir kişidir.',
      number: 'Müşteri numarası',
      numberHelp: 'Ülke ve alan koduyla, yalnızca rakam (8 ile 20)',
      random: 'Rastgele numara',
      name: 'Müşteri adı',
      start: 'Görüşmeyi başlat',
      recent: 'Son müşteriler',
    },
  },
  backendErrors: {
    ERR_NOT_SANDBOX: 'Bu bağlantı bir test (sandbox) bağlantısı değil.',
  },
};

export default tr;
