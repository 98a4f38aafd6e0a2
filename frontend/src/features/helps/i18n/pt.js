const pt = {
  helps: {
    title: 'Ajuda',
    empty: 'Nenhum vídeo de ajuda cadastrado.',
    loadError: 'Não foi possível carregar a lista de registros',
    close: 'Fechar',
    saved: 'Operação realizada com sucesso!',
    saveError: 'Não foi possível realizar a operação. Verifique se já existe uma ajuda com o mesmo nome ou se os campos foram preenchidos corretamente',
    invalidVideo: 'Informe o código ou o link de um vídeo do YouTube',
    deleteTitle: 'Excluir a ajuda "{{title}}"?',
    deleteMessage: 'Esta ação não pode ser revertida.',
    form: {
      title: 'Título',
      video: 'Código do vídeo',
      description: 'Descrição',
      save: 'Salvar',
      clear: 'Limpar',
      delete: 'Excluir',
      edit: 'Editar',
    }
  },
  layout: {
    menu: {
      helps: 'Ajuda',
      announcements: 'Informativos',
    }
  },
};
export default pt;
