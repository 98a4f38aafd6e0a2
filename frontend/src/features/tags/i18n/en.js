const en = {
  layout: { menu: { tags: 'Tags' } },
  tags: {
    title: 'Tags',
    add: 'Add tag',
    empty: 'No tags found',
    saved: 'Tag saved successfully!',
    deleted: 'Tag deleted successfully!',
    deleteTitle: 'Delete the tag {{name}}?',
    deleteMessage: 'The tag will be removed from every contact and ticket.',
    yes: 'Yes',
    no: 'No',
    columns: { name: 'Name', color: 'Colour', kanban: 'Kanban', actions: 'Actions' },
    modal: { addTitle: 'Add tag', editTitle: 'Edit tag', name: 'Name', color: 'Colour', kanban: 'Show on the Kanban' },
  },
  colorPicker: { choose: 'Choose colour', custom: 'Other colour' },
  backendErrors: {
    ERR_TAG_ALREADY_EXISTS: 'A tag with this name already exists.',
    ERR_TAG_NOT_FOUND: 'No tag found with this ID.',
  },
};

export default en;
