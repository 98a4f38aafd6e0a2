const es = {
  layout: { menu: { todo: 'Tareas' } },
  todo: {
    title: 'Tareas', newTask: 'Nueva tarea', add: 'Agregar', save: 'Guardar',
    empty: 'Ninguna tarea', updatedAt: 'Actualizada el {{time}}',
  },
};

export default es;
