const es = {
  announcements: {
    title: 'Informativos',
    add: 'Agregar informativo',
    empty: 'Ningún informativo.',
    saved: '¡Informativo guardado con éxito!',
    deleted: '¡Informativo eliminado con éxito!',
    deleteTitle: '¿Eliminar el informativo "{{title}}"?',
    deleteMessage: 'Esta acción no se puede deshacer.',
    active: 'Activo',
    inactive: 'Inactivo',
    noPermission: '¡Esta empresa no tiene permiso para acceder a esta página! Le estamos redirigiendo.',
    priority: { 1: 'Alta', 2: 'Media', 3: 'Baja' },
    columns: { title: 'Título', priority: 'Prioridad', mediaName: 'Archivo', status: 'Estado', actions: 'Acciones' },
    modal: {
      addTitle: 'Nuevo informativo', editTitle: 'Editar informativo', title: 'Título', text: 'Texto', priority: 'Prioridad',
      status: 'Activo', attach: 'Adjuntar imagen', removeMedia: 'Quitar adjunto', noMedia: 'Sin adjunto (png, jpg, jpeg)',
    },
    popover: { title: 'Informativos', empty: 'Ningún informativo por ahora.' },
  },
};
export default es;
