const pt = {
  layout: { menu: { files: 'Lista de arquivos' } },
  files: {
    title: 'Lista de arquivos',
    add: 'Adicionar lista',
    empty: 'Nenhuma lista de arquivos',
    saved: 'Lista de arquivos salva com sucesso!',
    deleted: 'Lista de arquivos excluída!',
    deleteTitle: 'Excluir a lista {{name}}?',
    deleteMessage: 'Os arquivos da lista também serão excluídos. Esta ação não pode ser revertida.',
    columns: { name: 'Nome', options: 'Opções', actions: 'Ações' },
    validation: { nameTooShort: 'nome muito curto', tooLarge: 'Arquivo muito grande (máximo 20 MB)' },
    modal: {
      addTitle: 'Adicionar lista de arquivos',
      editTitle: 'Editar lista de arquivos',
      name: 'Nome',
      message: 'Mensagem',
      options: 'Opções',
      optionName: 'Nome da opção',
      attach: 'Anexar',
      noFile: 'Nenhum arquivo',
      removeOption: 'Remover opção',
      addOption: 'Adicionar opção',
    },
  },
  backendErrors: { ERR_NO_FILE_FOUND: 'Lista de arquivos não encontrada.' },
};

export default pt;
