const en = {
  layout: { menu: { queues: 'Queues' } },
  queues: {
    title: 'Queues',
    add: 'Add queue',
    empty: 'No queues yet',
    saved: 'Queue saved successfully!',
    deleted: 'Queue deleted successfully!',
    deleteTitle: 'Delete the queue {{name}}?',
    deleteMessage: 'Tickets of this queue will remain, without a queue.',
    minutes_one: '{{count}} minute',
    minutes_other: '{{count}} minutes',
    columns: { id: 'ID', name: 'Name', color: 'Colour', orderQueue: 'Order', greetingMessage: 'Greeting message', actions: 'Actions' },
    modal: {
      addTitle: 'Add queue',
      editTitle: 'Edit queue',
      name: 'Name',
      color: 'Colour',
      orderQueue: 'Queue order (bot)',
      greetingMessage: 'Greeting message',
      outOfHoursMessage: 'Out of hours message',
      closeTicket: 'Close the ticket on entering the queue',
      rotation: 'Attendant rotation',
      rotationTime: 'Rotation time',
    },
    validation: { wholeNumber: 'Enter a whole number, zero or more' },
  },
  backendErrors: {
    ERR_QUEUE_NAME_ALREADY_EXISTS: 'A queue with this name already exists.',
    ERR_QUEUE_LIMIT_REACHED: 'Your plan’s queue limit has been reached.',
    ERR_QUEUE_NOT_FOUND: 'No queue found with this ID.',
  },
};

export default en;
