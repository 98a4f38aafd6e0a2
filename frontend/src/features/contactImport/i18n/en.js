const en = {
  contactImport: {
    menu: 'Import / Export',
    fromPhone: 'Import from phone',
    fromSheet: 'Import spreadsheet',
    toSheet: 'Export spreadsheet',
    title: 'Import contacts',
    back: 'Back',
    drop: 'Drop the spreadsheet (.xlsx or .csv) here',
    dropHint: 'The first row must name the columns. Up to 200,000 rows and 20 MB.',
    pick: 'Choose file',
    mapTitle: 'Link the columns of {{file}} to the contact fields',
    none: 'None',
    column: 'Column {{n}}',
    allRows: 'Import every row of the spreadsheet',
    allRowsCount: 'Import every row of the spreadsheet ({{count}})',
    previewHint: 'First {{count}} rows: untick the ones you do not want.',
    start: 'Import',
    cancel: 'Cancel',
    another: 'Import another spreadsheet',
    refusedFile: 'refused-contacts',
    counts: '{{read}} rows read: {{created}} contacts created, {{updated}} updated, {{refused}} refused',
    downloadRefused: 'Download the {{count}} refused rows',
    fields: {
      name: 'Name',
      number: 'Number',
      email: 'E-mail',
      tags: 'Tags',
    },
    status: {
      uploaded: '{{file}}: waiting for the mapping',
      pending: '{{file}}: queued…',
      reading: '{{file}}: importing…',
      done: '{{file}}: import finished',
      failed: '{{file}}: the import failed',
    },
    errors: {
      nameNotSelected: 'The name field was not selected',
      numberNotSelected: 'The number field was not selected',
      columnTwice: 'Each column can feed only one field',
      noneSelected: 'No contact selected',
    },
    phone: {
      title: 'Import contacts from the phone',
      hint: 'The contacts saved on the phone of the WhatsApp (QR code) connection become contacts here; existing ones are kept.',
      connection: 'Connection',
      default: 'Default connection',
      run: 'Import',
    }
  },
  backendErrors: {
    ERR_IMPORT_NAME_NOT_SELECTED: 'The name field was not selected',
    ERR_IMPORT_NUMBER_NOT_SELECTED: 'The number field was not selected',
    ERR_IMPORT_NO_CONTACT_SELECTED: 'No contact selected',
    ERR_IMPORT_PHONE_UNSUPPORTED: 'Only a WhatsApp QR code connection has phone contacts to import.',
    ERR_IMPORT_NOT_SPREADSHEET: 'Invalid file!',
  }
};

export default en;
