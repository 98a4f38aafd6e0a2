const tr = {
  layout: { menu: { files: 'Dosya listeleri' } },
  files: {
    title: 'Dosya listeleri',
    add: 'Liste ekle',
    empty: 'Dosya listesi yok',
    saved: 'Dosya listesi kaydedildi!',
    deleted: 'Dosya listesi silindi!',
    deleteTitle: '{{name}} listesi silinsin mi?',
    deleteMessage: 'Listenin dosyaları da silinir. Bu işlem geri alınamaz.',
    columns: { name: 'Ad', options: 'Seçenekler', actions: 'İşlemler' },
    validation: { nameTooShort: 'ad çok kısa', tooLarge: 'Dosya çok büyük (en fazla 20 MB)' },
    modal: {
      addTitle: 'Dosya listesi ekle',
      editTitle: 'Dosya listesini düzenle',
      name: 'Ad',
      message: 'Mesaj',
      options: 'Seçenekler',
      optionName: 'Seçenek adı',
      attach: 'Ekle',
      noFile: 'Dosya yok',
      removeOption: 'Seçeneği kaldır',
      addOption: 'Seçenek ekle',
    },
  },
  backendErrors: { ERR_NO_FILE_FOUND: 'Dosya listesi bulunamadı.' },
};

export default tr;
