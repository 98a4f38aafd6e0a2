const pt = {
  announcements: {
    title: 'Informativos',
    add: 'Adicionar informativo',
    empty: 'Nenhum informativo.',
    saved: 'Informativo salvo com sucesso!',
    deleted: 'Informativo excluído com sucesso!',
    deleteTitle: 'Excluir o informativo "{{title}}"?',
    deleteMessage: 'Esta ação não pode ser revertida.',
    active: 'Ativo',
    inactive: 'Inativo',
    noPermission: 'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.',
    priority: { 1: 'Alta', 2: 'Média', 3: 'Baixa' },
    columns: { title: 'Título', priority: 'Prioridade', mediaName: 'Arquivo', status: 'Status', actions: 'Ações' },
    modal: {
      addTitle: 'Novo informativo', editTitle: 'Editar informativo', title: 'Título', text: 'Texto', priority: 'Prioridade',
      status: 'Ativo', attach: 'Anexar imagem', removeMedia: 'Remover anexo', noMedia: 'Nenhum anexo (png, jpg, jpeg)',
    },
    popover: { title: 'Informativos', empty: 'Nenhum informativo no momento.' },
  },
};
export default pt;
