const tr = {
  layout: { menu: { todo: 'Yapılacaklar' } },
  todo: {
    title: 'Yapılacaklar', newTask: 'Yeni görev', add: 'Ekle', save: 'Kaydet',
    empty: 'Görev yok', updatedAt: 'Güncellendi: {{time}}',
  },
};

export default tr;
