const en = {
  announcements: {
    title: 'Announcements',
    add: 'Add announcement',
    empty: 'No announcements.',
    saved: 'Announcement saved!',
    deleted: 'Announcement deleted!',
    deleteTitle: 'Delete the announcement "{{title}}"?',
    deleteMessage: 'This cannot be undone.',
    active: 'Active',
    inactive: 'Inactive',
    noPermission: 'This company is not allowed to access this page! Redirecting you.',
    priority: { 1: 'High', 2: 'Medium', 3: 'Low' },
    columns: { title: 'Title', priority: 'Priority', mediaName: 'File', status: 'Status', actions: 'Actions' },
    modal: {
      addTitle: 'New announcement', editTitle: 'Edit announcement', title: 'Title', text: 'Text', priority: 'Priority',
      status: 'Active', attach: 'Attach image', removeMedia: 'Remove attachment', noMedia: 'No attachment (png, jpg, jpeg)',
    },
    popover: { title: 'Announcements', empty: 'No announcements right now.' },
  },
};
export default en;
