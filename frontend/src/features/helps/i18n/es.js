const es = {
  helps: {
    title: 'Ayuda',
    empty: 'Aún no hay videos de ayuda.',
    loadError: 'No fue posible cargar la lista de registros',
    close: 'Cerrar',
    saved: '¡Operación realizada con éxito!',
    saveError: 'No fue posible realizar la operación. Verifique si ya existe una ayuda con el mismo nombre o si los campos se completaron correctamente',
    invalidVideo: 'Ingrese el código o el enlace de un video de YouTube',
    deleteTitle: '¿Eliminar la ayuda "{{title}}"?',
    deleteMessage: 'Esta acción no se puede deshacer.',
    form: {
      title: 'Título',
      video: 'Código del video',
      description: 'Descripción',
      save: 'Guardar',
      clear: 'Limpiar',
      delete: 'Eliminar',
      edit: 'Editar',
    }
  },
  layout: {
    menu: {
      helps: 'Ayuda',
      announcements: 'Informativos',
    }
  },
};
export default es;
