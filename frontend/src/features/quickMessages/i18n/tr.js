const tr = {
  layout: { menu: { quickMessages: 'Hızlı yanıtlar' } },
  quickMessages: {
    title: 'Hızlı yanıtlar',
    add: 'Hızlı yanıt ekle',
    empty: 'Hızlı yanıt bulunamadı',
    saved: 'Hızlı yanıt başarıyla kaydedildi!',
    deleted: 'Hızlı yanıt başarıyla silindi!',
    deleteTitle: '/{{shortcode}} hızlı yanıtı silinsin mi?',
    deleteMessage: 'Bu işlem geri alınamaz.',
    view: 'Görüntüle',
    columns: { shortcode: 'Kısayol', message: 'Mesaj', media: 'Medya', scope: 'Görünürlük', actions: 'İşlemler' },
    scope: { geral: 'Genel', visao: 'Herkese görünür', private: 'Yalnızca ben' },
    modal: {
      needsContent: 'Bir mesaj yazın veya bir dosya ekleyin.',
      addTitle: 'Hızlı yanıt ekle',
      editTitle: 'Hızlı yanıtı düzenle',
      shortcode: 'Kısayol',
      shortcodeHelp: 'Bu yanıtı kullanmak için görüşmede / ve kısayolu yazın',
      message: 'Mesaj',
      geral: 'Genel (herkes kullanabilir ve düzenleyebilir)',
      visao: 'Herkese görünür (yalnızca ben düzenlerim)',
      attach: 'Dosya ekle',
      removeMedia: 'Dosyayı kaldır',
      noMedia: 'Ekli dosya yok',
      ownerOnly: 'Bu hızlı yanıtı yalnızca oluşturan kişi değiştirebilir.',
    },
  },
  backendErrors: { ERR_QUICKMESSAGE_NOT_FOUND: 'Bu kimlikle hızlı yanıt bulunamadı.' },
};

export default tr;
