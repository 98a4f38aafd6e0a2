const tr = {
  announcements: {
    title: 'Duyurular',
    add: 'Duyuru ekle',
    empty: 'Duyuru yok.',
    saved: 'Duyuru kaydedildi!',
    deleted: 'Duyuru silindi!',
    deleteTitle: '"{{title}}" duyurusu silinsin mi?',
    deleteMessage: 'Bu işlem geri alınamaz.',
    active: 'Etkin',
    inactive: 'Devre dışı',
    noPermission: 'Bu şirketin bu sayfaya erişim izni yok! Yönlendiriliyorsunuz.',
    priority: { 1: 'Yüksek', 2: 'Orta', 3: 'Düşük' },
    columns: { title: 'Başlık', priority: 'Öncelik', mediaName: 'Dosya', status: 'Durum', actions: 'İşlemler' },
    modal: {
      addTitle: 'Yeni duyuru', editTitle: 'Duyuruyu düzenle', title: 'Başlık', text: 'Metin', priority: 'Öncelik',
      status: 'Etkin', attach: 'Görsel ekle', removeMedia: 'Eki kaldır', noMedia: 'Ek yok (png, jpg, jpeg)',
    },
    popover: { title: 'Duyurular', empty: 'Şu anda duyuru yok.' },
  },
};
export default tr;
