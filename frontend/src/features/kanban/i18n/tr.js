const tr = {
  "layout": {
    "menu": {
      "kanban": "Kanban"
    }
  },
  "kanban": {
    "title": "Kanban",
    "startDate": "Başlangıç tarihi",
    "endDate": "Bitiş tarihi",
    "search": "Ara",
    "addLanes": "Sütun ekle",
    "defaultLane": "Açık",
    "hasMore": "Bu dönemde daha fazla talep var: en yeni 500 tanesi gösteriliyor.",
    "card": {
      "ticket": "Talep #{{id}}",
      "view": "Görüntüle"
    },
    "lanesTitle": "Kanban sütunları",
    "back": "Kanban'a dön",
    "noLanes": "Sütun yok",
    "columns": {
      "name": "Ad",
      "tickets": "Talepler",
      "actions": "İşlemler"
    },
    "deleteTitle": "{{name}} sütunu silinsin mi?",
    "deleteMessage": "Etiket tüm taleplerden ve kişilerden kaldırılacak.",
    "deleted": "Sütun başarıyla silindi!",
    "lane": {
      "addTitle": "Sütun ekle",
      "editTitle": "Sütunu düzenle",
      "name": "Ad",
      "color": "Renk",
      "nextLaneId": "Sonraki sütun",
      "timeLane": "Sütunda kalma süresi (dakika)",
      "timeLaneHint": "Temsilci mesajından sonra kart bu süre sonunda sonraki sütuna geçer",
      "rollbackLaneId": "Geri dönüş sütunu",
      "greetingMessageLane": "Sütun karşılama mesajı",
      "none": "Hiçbiri",
      "saved": "Sütun başarıyla kaydedildi!"
    },
    "validation": {
      "minutes": "Dakikayı girin",
      "nextLane": "Sonraki sütunu seçin"
    }
  }
};

export default tr;
