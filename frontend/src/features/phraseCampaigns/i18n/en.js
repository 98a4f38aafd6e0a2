const en = {
  phraseCampaigns: {
    menu: 'Phrase campaigns',
    title: 'Campaigns',
    add: 'Campaign',
    columns: { name: 'Name', phrase: 'Phrase', status: 'Status', actions: 'Actions' },
    active: 'Active',
    inactive: 'Disabled',
    empty: 'No phrase-triggered flow campaign',
    created: 'Phrase created successfully!',
    updated: 'Phrase updated successfully!',
    deleted: 'Phrase deleted',
    deleteTitle: 'Delete the campaign {{name}}?',
    deleteMessage: 'The phrase will no longer start the flow.',
    modal: {
      addTitle: 'New phrase-triggered flow campaign',
      editTitle: 'Edit phrase-triggered flow campaign',
      name: 'Phrase trigger name',
      flow: 'Choose a flow',
      connection: 'Select a connection',
      phrase: 'Which phrase starts the flow?',
      matchType: 'How to compare the phrase',
      match: { exact: 'Message equals the phrase', contains: 'Message contains the phrase' },
      status: 'Status',
      createButton: 'Create campaign',
      saveButton: 'Save campaign',
    },
  },
  backendErrors: {
    ERR_FLOW_CAMPAIGN_LIMIT: 'Limit of 1000 phrase campaigns reached. Delete one to create another.',
    ERR_NO_FLOW_CAMPAIGN_FOUND: 'No campaign found with this ID.',
  },
};

export default en;
