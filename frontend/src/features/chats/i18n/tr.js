const tr = {
  layout: { menu: { chats: 'Dahili sohbet' } },
  chats: {
    title: 'Dahili sohbet',
    new: 'Yeni',
    empty: 'Sohbet bulunamadı',
    pick: 'Mesajları görmek için bir sohbet seçin',
    noMessages: 'Henüz mesaj yok',
    placeholder: 'Bir mesaj yazın',
    send: 'Gönder',
    removedUser: 'Silinmiş kullanıcı',
    tabs: { chats: 'Sohbetler', messages: 'Mesajlar' },
    deleteTitle: '{{title}} sohbeti silinsin mi?',
    deleteMessage: 'Sohbetin mesajları tüm katılımcılar için kaybolacak.',
    noPlan: 'Bu şirketin bu sayfaya erişim izni yok! Yönlendiriliyorsunuz.',
    modal: {
      addTitle: 'Yeni sohbet',
      editTitle: 'Sohbeti düzenle',
      title: 'Başlık',
      users: 'Kullanıcılar',
      noUsers: 'Kullanıcı bulunamadı',
    },
    popover: { title: 'Dahili sohbet', empty: 'Sohbet yok', all: 'Tüm sohbetleri gör' },
  },
  backendErrors: { ERR_CHAT_NOT_FOUND: 'Bu kimliğe sahip sohbet bulunamadı.' },
};

export default tr;
