const es = {
  contactImport: {
    menu: 'Importar / Exportar',
    fromPhone: 'Importar del teléfono',
    fromSheet: 'Importar hoja de cálculo',
    toSheet: 'Exportar hoja de cálculo',
    title: 'Importar contactos',
    back: 'Volver',
    drop: 'Arrastre la hoja de cálculo (.xlsx o .csv) aquí',
    dropHint: 'La primera fila debe nombrar las columnas. Hasta 200.000 filas y 20 MB.',
    pick: 'Elegir archivo',
    mapTitle: 'Vincule las columnas de {{file}} a los campos del contacto',
    none: 'Ninguna',
    column: 'Columna {{n}}',
    allRows: 'Importar todas las filas de la hoja',
    allRowsCount: 'Importar todas las filas de la hoja ({{count}})',
    previewHint: 'Primeras {{count}} filas: desmarque las que no quiera importar.',
    start: 'Importar',
    cancel: 'Cancelar',
    another: 'Importar otra hoja',
    refusedFile: 'contactos-rechazados',
    counts: '{{read}} filas leídas: {{created}} contactos creados, {{updated}} actualizados, {{refused}} rechazados',
    downloadRefused: 'Descargar las {{count}} filas rechazadas',
    fields: {
      name: 'Nombre',
      number: 'Número',
      email: 'Correo',
      tags: 'Etiquetas',
    },
    status: {
      uploaded: '{{file}}: esperando el mapeo',
      pending: '{{file}}: en cola…',
      reading: '{{file}}: importando…',
      done: '{{file}}: importación terminada',
      failed: '{{file}}: la importación falló',
    },
    errors: {
      nameNotSelected: 'El campo nombre no fue seleccionado',
      numberNotSelected: 'El campo número no fue seleccionado',
      columnTwice: 'Cada columna solo puede ir a un campo',
      noneSelected: 'Ningún contacto seleccionado',
    },
    phone: {
      title: 'Importar contactos del teléfono',
      hint: 'Los contactos guardados en el teléfono de la conexión WhatsApp (código QR) se vuelven contactos aquí; los existentes se mantienen.',
      connection: 'Conexión',
      default: 'Conexión predeterminada',
      run: 'Importar',
    }
  },
  backendErrors: {
    ERR_IMPORT_NAME_NOT_SELECTED: 'El campo nombre no fue seleccionado',
    ERR_IMPORT_NUMBER_NOT_SELECTED: 'El campo número no fue seleccionado',
    ERR_IMPORT_NO_CONTACT_SELECTED: 'Ningún contacto seleccionado',
    ERR_IMPORT_PHONE_UNSUPPORTED: 'Solo una conexión WhatsApp por código QR tiene contactos del teléfono.',
    ERR_IMPORT_NOT_SPREADSHEET: '¡Archivo inválido!',
  }
};

export default es;
