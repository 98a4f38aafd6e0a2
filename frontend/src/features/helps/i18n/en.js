const en = {
  helps: {
    title: 'Help',
    empty: 'No help videos yet.',
    loadError: 'Could not load the list of records',
    close: 'Close',
    saved: 'Done!',
    saveError: 'The operation failed. Check whether a help with the same name exists or the fields are filled in correctly',
    invalidVideo: 'Enter a YouTube video code or link',
    deleteTitle: 'Delete the help "{{title}}"?',
    deleteMessage: 'This cannot be undone.',
    form: {
      title: 'Title',
      video: 'Video code',
      description: 'Description',
      save: 'Save',
      clear: 'Clear',
      delete: 'Delete',
      edit: 'Edit',
    }
  },
  layout: {
    menu: {
      helps: 'Help',
      announcements: 'Announcements',
    }
  },
};
export default en;
