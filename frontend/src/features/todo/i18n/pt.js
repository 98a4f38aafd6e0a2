const pt = {
  layout: { menu: { todo: 'Tarefas' } },
  todo: {
    title: 'Tarefas', newTask: 'Nova tarefa', add: 'Adicionar', save: 'Salvar',
    empty: 'Nenhuma tarefa', updatedAt: 'Atualizada em {{time}}',
  },
};

export default pt;
