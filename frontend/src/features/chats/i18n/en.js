const en = {
  layout: { menu: { chats: 'Internal chat' } },
  chats: {
    title: 'Internal chat',
    new: 'New',
    empty: 'No chats found',
    pick: 'Select a chat to see its messages',
    noMessages: 'No messages yet',
    placeholder: 'Type a message',
    send: 'Send',
    removedUser: 'Removed user',
    tabs: { chats: 'Chats', messages: 'Messages' },
    deleteTitle: 'Delete the chat {{title}}?',
    deleteMessage: 'The chat\'s messages will be lost for every member.',
    noPlan: 'This company is not allowed to access this page! Redirecting you.',
    modal: {
      addTitle: 'New chat',
      editTitle: 'Edit chat',
      title: 'Title',
      users: 'Users',
      noUsers: 'No users found',
    },
    popover: { title: 'Internal chat', empty: 'No chats', all: 'See all chats' },
  },
  backendErrors: { ERR_CHAT_NOT_FOUND: 'No chat found with this ID.' },
};

export default en;
