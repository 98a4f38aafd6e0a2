const es = {
  layout: { menu: { quickMessages: 'Respuestas rápidas' } },
  quickMessages: {
    title: 'Respuestas rápidas',
    add: 'Agregar respuesta rápida',
    empty: 'No se encontraron respuestas rápidas',
    saved: '¡Respuesta rápida guardada con éxito!',
    deleted: '¡Respuesta rápida eliminada con éxito!',
    deleteTitle: '¿Eliminar la respuesta rápida /{{shortcode}}?',
    deleteMessage: 'Esta acción no se puede deshacer.',
    view: 'Ver',
    columns: { shortcode: 'Atajo', message: 'Mensaje', media: 'Archivo', scope: 'Visibilidad', actions: 'Acciones' },
    scope: { geral: 'General', visao: 'Visible para todos', private: 'Solo yo' },
    modal: {
      needsContent: 'Escribe un mensaje o adjunta un archivo.',
      addTitle: 'Agregar respuesta rápida',
      editTitle: 'Editar respuesta rápida',
      shortcode: 'Atajo',
      shortcodeHelp: 'Escriba / y el atajo durante la atención para usar esta respuesta',
      message: 'Mensaje',
      geral: 'General (todos pueden usar y editar)',
      visao: 'Visible para todos (solo yo edito)',
      attach: 'Adjuntar archivo',
      removeMedia: 'Quitar archivo',
      noMedia: 'Ningún archivo adjunto',
      ownerOnly: 'Solo quien creó esta respuesta rápida puede cambiarla.',
    },
  },
  backendErrors: { ERR_QUICKMESSAGE_NOT_FOUND: 'No se encontró ninguna respuesta rápida con este ID.' },
};

export default es;
