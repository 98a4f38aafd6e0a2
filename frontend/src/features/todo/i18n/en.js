const en = {
  layout: { menu: { todo: 'To-do' } },
  todo: {
    title: 'To-do', newTask: 'New task', add: 'Add', save: 'Save',
    empty: 'No tasks', updatedAt: 'Updated {{time}}',
  },
};

export default en;
