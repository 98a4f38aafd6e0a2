const tr = {
  companies: {
    title: "Şirketler",
    add: "Şirket ekle",
    addTitle: "Şirket ekle",
    editTitle: "Şirketi düzenle",
    saved: "İşlem başarıyla tamamlandı!",
    empty: "Şirket bulunamadı.",
    active: "Aktif",
    blocked: "Engelli",
    deleting: "Siliniyor… %{{progress}}",
    deletingShort: "Siliniyor",
    noExpiry: "Süresiz",
    never: "hiç",
    block: "Engelle",
    unblock: "Engeli kaldır",
    measure: "Dosya klasörünü ölç",
    deleteTitle: "{{name}} şirketi silinsin mi?",
    deleteMessage: "Şirket, kullanıcıları, bağlantıları, talepleri, mesajları, kişileri ve dosyaları arka planda silinecek. Bu işlem geri alınamaz.",
    deleteStarted: "Silme başladı: ilerleme tabloda görünür.",
    createdTitle: "Şirket oluşturuldu",
    initialPassword: "İlk yöneticinin ({{email}}) şifresi, yalnızca şimdi gösteriliyor:",
    passwordHelp: "Boş bırakılırsa rastgele bir şifre üretilir ve bir kez gösterilir.",
    newPasswordHelp: "Yalnızca şirket yöneticisinin şifresini değiştirmek için doldurun.",
    noPermission: "Bu şirketin bu sayfaya erişim izni yok! Yönlendiriliyorsunuz.",
    saveFailed: "İşlem gerçekleştirilemedi. Aynı adda bir şirket olup olmadığını veya alanların doğru doldurulup doldurulmadığını kontrol edin",
    fields: {
      name: "Ad",
      email: "E-posta",
      phone: "Telefon",
      password: "Şifre",
      newPassword: "Yeni şifre",
      document: "Vergi no (CPF/CNPJ)",
      addressStreet: "Adres",
      addressCity: "Şehir",
      addressState: "Eyalet",
      planId: "Plan",
      recurrence: "Yineleme",
      dueDate: "Son ödeme tarihi",
      paymentMethod: "Ödeme yöntemi",
      status: "Aktif"
    },
    columns: {
      id: "ID",
      name: "Ad",
      email: "E-posta",
      plan: "Plan",
      status: "Durum",
      dueDate: "Son ödeme",
      recurrence: "Yineleme",
      users: "Temsilciler",
      connections: "Bağlantılar",
      lastLogin: "Son giriş",
      folder: "Klasör (boyut · dosya)",
      createdAt: "Oluşturma",
      actions: "İşlemler"
    },
    usage: {
      attendants: "Temsilciler: {{n}} / {{max}}",
      connections: "Bağlantılar: {{n}} / {{max}}",
      lastLogin: "Son giriş: {{when}}",
      folder: "Klasör: {{files}} dosyada {{size}} (ölçüm {{when}})"
    },
    recurrences: {
      MENSAL: "Aylık",
      BIMESTRAL: "İki aylık",
      TRIMESTRAL: "Üç aylık",
      SEMESTRAL: "Altı aylık",
      ANUAL: "Yıllık"
    },
    blockedNotice: "Bu şirket engellendi. Daha fazla bilgi için Destek ile iletişime geçin!"
  },
  layout: {
    menu: {
      companies: "Şirketler",
    },
  },
  settings: {
    tabs: {
      companies: "Şirketler"
    }
  },
  backendErrors: {
    ERR_COMPANY_BLOCKED: "Bu şirket engellendi. Daha fazla bilgi için Destek ile iletişime geçin!",
    ERR_COMPANY_NAME_EXISTS: "Bu adda bir şirket zaten var.",
    ERR_MAIN_COMPANY: "Ana şirket engellenemez veya silinemez.",
    ERR_COMPANY_DELETING: "Bu şirket siliniyor.",
    ERR_NO_COMPANY_FOUND: "Bu ID ile şirket bulunamadı."
  }
};

export default tr;
