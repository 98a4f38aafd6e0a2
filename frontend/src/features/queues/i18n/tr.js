const tr = {
  layout: { menu: { queues: 'Kuyruklar' } },
  queues: {
    title: 'Kuyruklar',
    add: 'Kuyruk ekle',
    empty: 'Henüz kuyruk yok',
    saved: 'Kuyruk başarıyla kaydedildi!',
    deleted: 'Kuyruk başarıyla silindi!',
    deleteTitle: '{{name}} kuyruğu silinsin mi?',
    deleteMessage: 'Bu kuyruğun talepleri kuyruksuz olarak kalacak.',
    minutes_one: '{{count}} dakika',
    minutes_other: '{{count}} dakika',
    columns: { id: 'ID', name: 'Ad', color: 'Renk', orderQueue: 'Sıra', greetingMessage: 'Karşılama mesajı', actions: 'İşlemler' },
    modal: {
      addTitle: 'Kuyruk ekle',
      editTitle: 'Kuyruğu düzenle',
      name: 'Ad',
      color: 'Renk',
      orderQueue: 'Kuyruk sırası (bot)',
      greetingMessage: 'Karşılama mesajı',
      outOfHoursMessage: 'Mesai dışı mesajı',
      closeTicket: 'Kuyruğa girince talebi kapat',
      rotation: 'Temsilci rotasyonu',
      rotationTime: 'Rotasyon süresi',
    },
    validation: { wholeNumber: 'Sıfır veya daha büyük bir tam sayı girin' },
  },
  backendErrors: {
    ERR_QUEUE_NAME_ALREADY_EXISTS: 'Bu adla bir kuyruk zaten var.',
    ERR_QUEUE_LIMIT_REACHED: 'Planınızın kuyruk sınırına ulaşıldı.',
    ERR_QUEUE_NOT_FOUND: 'Bu kimlikle kuyruk bulunamadı.',
  },
};

export default tr;
