const tr = {
  helps: {
    title: 'Yardım',
    empty: 'Henüz yardım videosu yok.',
    loadError: 'Kayıt listesi yüklenemedi',
    close: 'Kapat',
    saved: 'İşlem başarılı!',
    saveError: 'İşlem yapılamadı. Aynı adla bir yardım olup olmadığını veya alanların doğru doldurulduğunu kontrol edin',
    invalidVideo: 'Bir YouTube video kodu veya bağlantısı girin',
    deleteTitle: '"{{title}}" yardımı silinsin mi?',
    deleteMessage: 'Bu işlem geri alınamaz.',
    form: {
      title: 'Başlık',
      video: 'Video kodu',
      description: 'Açıklama',
      save: 'Kaydet',
      clear: 'Temizle',
      delete: 'Sil',
      edit: 'Düzenle',
    }
  },
  layout: {
    menu: {
      helps: 'Yardım',
      announcements: 'Duyurular',
    }
  },
};
export default tr;
