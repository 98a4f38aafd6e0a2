const en = {
  layout: { menu: { quickMessages: 'Quick replies' } },
  quickMessages: {
    title: 'Quick replies',
    add: 'Add quick reply',
    empty: 'No quick replies found',
    saved: 'Quick reply saved successfully!',
    deleted: 'Quick reply deleted successfully!',
    deleteTitle: 'Delete the quick reply /{{shortcode}}?',
    deleteMessage: 'This cannot be undone.',
    view: 'View',
    columns: { shortcode: 'Shortcut', message: 'Message', media: 'Media', scope: 'Visibility', actions: 'Actions' },
    scope: { geral: 'Shared', visao: 'Visible to all', private: 'Only me' },
    modal: {
      needsContent: 'Write a message or attach a file.',
      addTitle: 'Add quick reply',
      editTitle: 'Edit quick reply',
      shortcode: 'Shortcut',
      shortcodeHelp: 'Type / and the shortcut while chatting to use this reply',
      message: 'Message',
      geral: 'Shared (everyone can use and edit)',
      visao: 'Visible to all (only I edit)',
      attach: 'Attach file',
      removeMedia: 'Remove file',
      noMedia: 'No file attached',
      ownerOnly: 'Only whoever created this quick reply can change it.',
    },
  },
  backendErrors: { ERR_QUICKMESSAGE_NOT_FOUND: 'No quick reply found with this ID.' },
};

export default en;
