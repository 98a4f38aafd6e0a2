const en = {
  layout: { menu: { files: 'File lists' } },
  files: {
    title: 'File lists',
    add: 'Add list',
    empty: 'No file lists',
    saved: 'File list saved!',
    deleted: 'File list deleted!',
    deleteTitle: 'Delete the list {{name}}?',
    deleteMessage: "The list's files are deleted too. This cannot be undone.",
    columns: { name: 'Name', options: 'Options', actions: 'Actions' },
    validation: { nameTooShort: 'name too short', tooLarge: 'File too large (20 MB at most)' },
    modal: {
      addTitle: 'Add file list',
      editTitle: 'Edit file list',
      name: 'Name',
      message: 'Message',
      options: 'Options',
      optionName: 'Option name',
      attach: 'Attach',
      noFile: 'No file',
      removeOption: 'Remove option',
      addOption: 'Add option',
    },
  },
  backendErrors: { ERR_NO_FILE_FOUND: 'File list not found.' },
};

export default en;
