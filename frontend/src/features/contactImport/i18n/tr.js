const tr = {
  contactImport: {
    menu: 'İçe / Dışa aktar',
    fromPhone: 'Telefondan içe aktar',
    fromSheet: 'Tablo içe aktar',
    toSheet: 'Tablo dışa aktar',
    title: 'Kişileri içe aktar',
    back: 'Geri',
    drop: 'Tabloyu (.xlsx veya .csv) buraya sürükleyin',
    dropHint: 'İlk satır sütunları adlandırmalı. En fazla 200.000 satır ve 20 MB.',
    pick: 'Dosya seç',
    mapTitle: '{{file}} sütunlarını kişi alanlarına bağlayın',
    none: 'Yok',
    column: 'Sütun {{n}}',
    allRows: 'Tablonun tüm satırlarını içe aktar',
    allRowsCount: 'Tablonun tüm satırlarını içe aktar ({{count}})',
    previewHint: 'İlk {{count}} satır: istemediklerinizin işaretini kaldırın.',
    start: 'İçe aktar',
    cancel: 'İptal',
    another: 'Başka bir tablo içe aktar',
    refusedFile: 'reddedilen-kisiler',
    counts: '{{read}} satır okundu: {{created}} kişi oluşturuldu, {{updated}} güncellendi, {{refused}} reddedildi',
    downloadRefused: 'Reddedilen {{count}} satırı indir',
    fields: {
      name: 'Ad',
      number: 'Numara',
      email: 'E-posta',
      tags: 'Etiketler',
    },
    status: {
      uploaded: '{{file}}: eşleme bekleniyor',
      pending: '{{file}}: sırada…',
      reading: '{{file}}: içe aktarılıyor…',
      done: '{{file}}: içe aktarma bitti',
      failed: '{{file}}: içe aktarma başarısız',
    },
    errors: {
      nameNotSelected: 'Ad alanı seçilmedi',
      numberNotSelected: 'Numara alanı seçilmedi',
      columnTwice: 'Her sütun yalnızca bir alana bağlanabilir',
      noneSelected: 'Hiç kişi seçilmedi',
    },
    phone: {
      title: 'Telefondaki kişileri içe aktar',
      hint: 'WhatsApp (QR kod) bağlantısının telefonunda kayıtlı kişiler burada kişi olur; mevcut olanlar korunur.',
      connection: 'Bağlantı',
      default: 'Varsayılan bağlantı',
      run: 'İçe aktar',
    }
  },
  backendErrors: {
    ERR_IMPORT_NAME_NOT_SELECTED: 'Ad alanı seçilmedi',
    ERR_IMPORT_NUMBER_NOT_SELECTED: 'Numara alanı seçilmedi',
    ERR_IMPORT_NO_CONTACT_SELECTED: 'Hiç kişi seçilmedi',
    ERR_IMPORT_PHONE_UNSUPPORTED: 'Yalnızca QR kodlu WhatsApp bağlantısının içe aktarılacak telefon kişileri vardır.',
    ERR_IMPORT_NOT_SPREADSHEET: 'Geçersiz dosya!',
  }
};

export default tr;
