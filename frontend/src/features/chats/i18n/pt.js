const pt = {
  layout: { menu: { chats: 'Chat Interno' } },
  chats: {
    title: 'Chat Interno',
    new: 'Novo',
    empty: 'Nenhum chat encontrado',
    pick: 'Selecione um chat para ver as mensagens',
    noMessages: 'Nenhuma mensagem ainda',
    placeholder: 'Digite uma mensagem',
    send: 'Enviar',
    removedUser: 'Usuário removido',
    tabs: { chats: 'Chats', messages: 'Mensagens' },
    deleteTitle: 'Excluir o chat {{title}}?',
    deleteMessage: 'As mensagens do chat serão perdidas para todos os participantes.',
    noPlan: 'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.',
    modal: {
      addTitle: 'Novo chat',
      editTitle: 'Editar chat',
      title: 'Título',
      users: 'Usuários',
      noUsers: 'Nenhum usuário encontrado',
    },
    popover: { title: 'Chat interno', empty: 'Nenhum chat', all: 'Ver todos os chats' },
  },
  backendErrors: { ERR_CHAT_NOT_FOUND: 'Nenhum chat encontrado com este ID.' },
};

export default pt;
