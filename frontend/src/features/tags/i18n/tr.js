const tr = {
  layout: { menu: { tags: 'Etiketler' } },
  tags: {
    title: 'Etiketler',
    add: 'Etiket ekle',
    empty: 'Etiket bulunamadı',
    saved: 'Etiket başarıyla kaydedildi!',
    deleted: 'Etiket başarıyla silindi!',
    deleteTitle: '{{name}} etiketi silinsin mi?',
    deleteMessage: 'Etiket tüm kişilerden ve taleplerden kaldırılacak.',
    yes: 'Evet',
    no: 'Hayır',
    columns: { name: 'Ad', color: 'Renk', kanban: 'Kanban', actions: 'İşlemler' },
    modal: { addTitle: 'Etiket ekle', editTitle: 'Etiketi düzenle', name: 'Ad', color: 'Renk', kanban: 'Kanbanda göster' },
  },
  colorPicker: { choose: 'Renk seç', custom: 'Başka renk' },
  backendErrors: {
    ERR_TAG_ALREADY_EXISTS: 'Bu adla bir etiket zaten var.',
    ERR_TAG_NOT_FOUND: 'Bu kimlikle etiket bulunamadı.',
  },
};

export default tr;
