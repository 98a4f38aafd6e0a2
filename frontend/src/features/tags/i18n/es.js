const es = {
  layout: { menu: { tags: 'Etiquetas' } },
  tags: {
    title: 'Etiquetas',
    add: 'Agregar etiqueta',
    empty: 'No se encontraron etiquetas',
    saved: '¡Etiqueta guardada con éxito!',
    deleted: '¡Etiqueta eliminada con éxito!',
    deleteTitle: '¿Eliminar la etiqueta {{name}}?',
    deleteMessage: 'La etiqueta se quitará de todos los contactos y tickets.',
    yes: 'Sí',
    no: 'No',
    columns: { name: 'Nombre', color: 'Color', kanban: 'Kanban', actions: 'Acciones' },
    modal: { addTitle: 'Agregar etiqueta', editTitle: 'Editar etiqueta', name: 'Nombre', color: 'Color', kanban: 'Mostrar en el Kanban' },
  },
  colorPicker: { choose: 'Elegir color', custom: 'Otro color' },
  backendErrors: {
    ERR_TAG_ALREADY_EXISTS: 'Ya existe una etiqueta con este nombre.',
    ERR_TAG_NOT_FOUND: 'No se encontró ninguna etiqueta con este ID.',
  },
};

export default es;
