const tr = {
  "layout": {
    "menu": {
      "reports": "Raporlar"
    }
  },
  "reports": {
    "title": "Raporlar",
    "export": "Excel'e aktar",
    "empty": "Kayıt bulunamadı",
    "filters": {
      "contact": "Kişi",
      "contactHint": "En az 3 karakter",
      "connections": "Bağlantılar",
      "users": "Kullanıcılar",
      "queues": "Kuyruklar",
      "status": "Durum",
      "dateFrom": "Başlangıç tarihi",
      "dateTo": "Bitiş tarihi",
      "onlyRated": "Sadece değerlendirilenler"
    },
    "columns": {
      "id": "ID",
      "connection": "Bağlantı",
      "contact": "Kişi",
      "user": "Kullanıcı",
      "queue": "Kuyruk",
      "status": "Durum",
      "lastMessage": "Son mesaj",
      "createdAt": "Açılış",
      "closedAt": "Kapanış",
      "supportTime": "Hizmet süresi",
      "nps": "NPS",
      "actions": "İşlemler"
    },
    "actions": {
      "log": "Talep kaydı",
      "open": "Talebi aç"
    },
    "rowsPerPage": "Sayfa başına satır",
    "displayed": "{{from}}–{{to}} / {{total}}",
    "displayedMany": "{{from}}–{{to}} / {{total}}+",
    "status": {
      "open": "Görüşülüyor",
      "pending": "Bekliyor",
      "closed": "Kapandı",
      "group": "Grup",
      "nps": "Değerlendirme",
      "lgpd": "KVKK"
    }
  },
  "backendErrors": {
    "ERR_REPORT_PAGE_TOO_DEEP": "Sayfa rapor sınırının ötesinde; filtreleri daraltın veya tabloyu dışa aktarın."
  }
};

export default tr;
