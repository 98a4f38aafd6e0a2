const es = {
  layout: { menu: { files: 'Lista de archivos' } },
  files: {
    title: 'Lista de archivos',
    add: 'Agregar lista',
    empty: 'No hay listas de archivos',
    saved: '¡Lista de archivos guardada!',
    deleted: '¡Lista de archivos eliminada!',
    deleteTitle: '¿Eliminar la lista {{name}}?',
    deleteMessage: 'Los archivos de la lista también se eliminan. Esta acción no se puede deshacer.',
    columns: { name: 'Nombre', options: 'Opciones', actions: 'Acciones' },
    validation: { nameTooShort: 'nombre muy corto', tooLarge: 'Archivo muy grande (máximo 20 MB)' },
    modal: {
      addTitle: 'Agregar lista de archivos',
      editTitle: 'Editar lista de archivos',
      name: 'Nombre',
      message: 'Mensaje',
      options: 'Opciones',
      optionName: 'Nombre de la opción',
      attach: 'Adjuntar',
      noFile: 'Ningún archivo',
      removeOption: 'Quitar opción',
      addOption: 'Agregar opción',
    },
  },
  backendErrors: { ERR_NO_FILE_FOUND: 'Lista de archivos no encontrada.' },
};

export default es;
