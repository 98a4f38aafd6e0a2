const tr = {
  phraseCampaigns: {
    menu: 'İfade kampanyaları',
    title: 'Kampanyalar',
    add: 'Kampanya',
    columns: { name: 'Ad', phrase: 'İfade', status: 'Durum', actions: 'İşlemler' },
    active: 'Aktif',
    inactive: 'Devre dışı',
    empty: 'İfadeyle tetiklenen akış kampanyası yok',
    created: 'İfade başarıyla oluşturuldu!',
    updated: 'İfade başarıyla güncellendi!',
    deleted: 'İfade silindi',
    deleteTitle: '{{name}} kampanyası silinsin mi?',
    deleteMessage: 'İfade artık akışı başlatmayacak.',
    modal: {
      addTitle: 'İfadeyle tetiklenen yeni akış kampanyası',
      editTitle: 'İfadeyle tetiklenen akış kampanyasını düzenle',
      name: 'İfade tetikleyicisinin adı',
      flow: 'Bir akış seçin',
      connection: 'Bir bağlantı seçin',
      phrase: 'Akışı hangi ifade başlatır?',
      matchType: 'İfade nasıl karşılaştırılsın',
      match: { exact: 'Mesaj ifadeye eşit', contains: 'Mesaj ifadeyi içeriyor' },
      status: 'Durum',
      createButton: 'Kampanya oluştur',
      saveButton: 'Kampanyayı kaydet',
    },
  },
  backendErrors: {
    ERR_FLOW_CAMPAIGN_LIMIT: '1000 ifade kampanyası sınırına ulaşıldı. Yenisini oluşturmak için birini silin.',
    ERR_NO_FLOW_CAMPAIGN_FOUND: 'Bu kimlikle kampanya bulunamadı.',
  },
};

export default tr;
