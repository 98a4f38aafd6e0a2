const es = {
  layout: { menu: { chats: 'Chat interno' } },
  chats: {
    title: 'Chat interno',
    new: 'Nuevo',
    empty: 'No se encontraron chats',
    pick: 'Seleccione un chat para ver los mensajes',
    noMessages: 'Aún no hay mensajes',
    placeholder: 'Escriba un mensaje',
    send: 'Enviar',
    removedUser: 'Usuario eliminado',
    tabs: { chats: 'Chats', messages: 'Mensajes' },
    deleteTitle: '¿Eliminar el chat {{title}}?',
    deleteMessage: 'Los mensajes del chat se perderán para todos los participantes.',
    noPlan: '¡Esta empresa no tiene permiso para acceder a esta página! Lo estamos redirigiendo.',
    modal: {
      addTitle: 'Nuevo chat',
      editTitle: 'Editar chat',
      title: 'Título',
      users: 'Usuarios',
      noUsers: 'No se encontraron usuarios',
    },
    popover: { title: 'Chat interno', empty: 'Ningún chat', all: 'Ver todos los chats' },
  },
  backendErrors: { ERR_CHAT_NOT_FOUND: 'No se encontró ningún chat con este ID.' },
};

export default es;
