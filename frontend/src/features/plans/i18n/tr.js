const tr = {
  plans: {
    title: "Planlar",
    add: "Plan ekle",
    addTitle: "Plan ekle",
    editTitle: "Planı düzenle",
    saved: "İşlem başarıyla tamamlandı!",
    empty: "Henüz plan yok.",
    loadFailed: "Plan listesi yüklenemedi",
    yes: "Evet",
    no: "Hayır",
    flagsTitle: "Plan özellikleri",
    limitInvalid: "1 veya daha büyük bir tam sayı girin",
    amountInvalid: "Geçersiz tutar",
    deleteTitle: "{{name}} planı silinsin mi?",
    deleteMessage: "Plan artık sunulmaz. Bir şirketin kullandığı plan silinemez.",
    deleted: "Plan silindi.",
    saveFailed: "İşlem gerçekleştirilemedi. Aynı adda bir plan olup olmadığını veya alanların doğru doldurulup doldurulmadığını kontrol edin",
    fields: {
      name: "Ad",
      amount: "Fiyat (R$)",
      users: "Kullanıcılar",
      connections: "Bağlantılar",
      queues: "Kuyruklar"
    },
    columns: {
      name: "Ad",
      amount: "Fiyat",
      users: "Kullanıcılar",
      connections: "Bağlantılar",
      queues: "Kuyruklar",
      isPublic: "Herkese açık",
      flags: "Özellikler",
      actions: "İşlemler"
    },
    flags: {
      isPublic: "Herkese açık (kayıtta sunulur)",
      useWhatsapp: "WhatsApp",
      useFacebook: "Facebook",
      useInstagram: "Instagram",
      useCampaigns: "Kampanyalar",
      useSchedules: "Zamanlamalar",
      useInternalChat: "İç sohbet",
      useExternalApi: "Harici API",
      useKanban: "Kanban",
      useOpenAi: "OpenAI",
      useIntegrations: "Entegrasyonlar"
    }
  },
  settings: {
    tabs: {
      plans: "Planlar"
    }
  },
  backendErrors: {
    ERR_PLAN_NAME_EXISTS: "Bu adda bir plan zaten var.",
    ERR_PLAN_IN_USE: "Plan bir veya daha fazla şirket tarafından kullanılıyor.",
    ERR_NO_PLAN_FOUND: "Bu ID ile plan bulunamadı."
  }
};

export default tr;
