const pt = {
  layout: { menu: { tags: 'Tags' } },
  tags: {
    title: 'Tags',
    add: 'Adicionar tag',
    empty: 'Nenhuma tag encontrada',
    saved: 'Tag salva com sucesso!',
    deleted: 'Tag excluída com sucesso!',
    deleteTitle: 'Excluir a tag {{name}}?',
    deleteMessage: 'A tag será removida de todos os contatos e tickets.',
    yes: 'Sim',
    no: 'Não',
    columns: { name: 'Nome', color: 'Cor', kanban: 'Kanban', actions: 'Ações' },
    modal: { addTitle: 'Adicionar tag', editTitle: 'Editar tag', name: 'Nome', color: 'Cor', kanban: 'Mostrar no Kanban' },
  },
  colorPicker: { choose: 'Escolher cor', custom: 'Outra cor' },
  backendErrors: {
    ERR_TAG_ALREADY_EXISTS: 'Já existe uma tag com este nome.',
    ERR_TAG_NOT_FOUND: 'Nenhuma tag encontrada com este ID.',
  },
};

export default pt;
