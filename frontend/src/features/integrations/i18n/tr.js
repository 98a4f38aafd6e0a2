const tr = {
  layout: {
    menu: {
      integrations: 'Entegrasyonlar',
    }
  },
  integrations: {
    title: 'Entegrasyonlar',
    add: 'Proje ekle',
    empty: 'Entegrasyon bulunamadı',
    saved: 'Entegrasyon kaydedildi.',
    deleted: 'Entegrasyon silindi.',
    deleteTitle: '{{name}} silinsin mi?',
    deleteMessage: 'Emin misiniz? Onu kullanan kuyruklar, seçenekler ve bağlantılar artık kullanmayacak.',
    noPlan: 'Bu şirketin bu sayfaya erişim izni yok! Yönlendiriliyorsunuz.',
    test: 'Oturumu test et',
    testEmpty: 'Ajan metinsiz yanıt verdi.',
    keptKey: 'Kayıtlı anahtar gösterilmez; değiştirmek için yeni bir JSON yapıştırın.',
    columns: {
      type: 'Tür',
      id: 'ID',
      name: 'Ad',
      actions: 'İşlemler',
    },
    modal: {
      addTitle: 'Proje ekle',
      editTitle: 'Projeyi düzenle',
    },
    fields: {
      type: 'Tür',
      name: 'Ad',
      projectName: 'Proje adı',
      jsonContent: 'Kimlik bilgisi JSON',
      language: 'Dil',
      urlN8N: 'URL',
      typebotSlug: 'Typebot - Slug',
      typebotExpires: 'Bir konuşmanın süresinin dolması için dakika',
      typebotKeywordFinish: 'Bileti kapatan kelime',
      typebotKeywordRestart: 'Akışı yeniden başlatan kelime',
      typebotUnknownMessage: 'Geçersiz seçenek mesajı',
      typebotDelayMessage: 'Mesajlar arası gecikme (ms)',
      typebotRestartMessage: 'Konuşma yeniden başladığında mesaj',
    },
    languages: {
      'pt-BR': 'Portekizce',
      en: 'İngilizce',
      es: 'İspanyolca',
    },
    validation: {
      url: 'Geçersiz URL',
      json: 'Geçersiz kimlik bilgisi JSON (Google hizmet hesabı)',
    },
    select: 'Entegrasyon',
    none: 'Hiçbiri',
  },
  queues: { chatbot: { typeHelp: { integration: 'Bileti seçilen entegrasyona devreder (Typebot, n8n, webhook, Dialogflow).' } } },
  connections: { modal: { tabs: { integrations: 'Entegrasyonlar' }, integrationHelp: 'Bu bağlantının kuyruksuz ve temsilcisiz yeni konuşmaları bu entegrasyona gider.', flowIdWelcome: 'Karşılama akışı (ilk temas)', flowIdNotPhrase: 'İfadesiz akış (geri dönen kişi)' } },
  tickets: { log: { types: { integrationError: 'Entegrasyon başarısız oldu; müşteriye bildirildi', integrationStop: 'Entegrasyon bileti geri verdi' } } },
  backendErrors: {
    ERR_NO_INTEGRATION_FOUND: 'Entegrasyon bulunamadı.',
    ERR_TEST_SESSION_DIALOG_FLOW: 'Dialogflow oturumu test edilemedi.',
  }
};

export default tr;
