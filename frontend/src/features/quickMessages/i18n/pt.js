const pt = {
  layout: { menu: { quickMessages: 'Respostas rápidas' } },
  quickMessages: {
    title: 'Respostas rápidas',
    add: 'Adicionar resposta rápida',
    empty: 'Nenhuma resposta rápida encontrada',
    saved: 'Resposta rápida salva com sucesso!',
    deleted: 'Resposta rápida excluída com sucesso!',
    deleteTitle: 'Excluir a resposta rápida /{{shortcode}}?',
    deleteMessage: 'Esta ação não pode ser desfeita.',
    view: 'Visualizar',
    columns: { shortcode: 'Atalho', message: 'Mensagem', media: 'Mídia', scope: 'Visibilidade', actions: 'Ações' },
    scope: { geral: 'Geral', visao: 'Visível para todos', private: 'Somente eu' },
    modal: {
      needsContent: 'Escreva uma mensagem ou anexe um arquivo.',
      addTitle: 'Adicionar resposta rápida',
      editTitle: 'Editar resposta rápida',
      shortcode: 'Atalho',
      shortcodeHelp: 'Digite / e o atalho durante o atendimento para usar esta resposta',
      message: 'Mensagem',
      geral: 'Geral (todos podem usar e editar)',
      visao: 'Visível para todos (só eu edito)',
      attach: 'Anexar arquivo',
      removeMedia: 'Remover arquivo',
      noMedia: 'Nenhum arquivo anexado',
      ownerOnly: 'Somente quem criou esta resposta rápida pode alterá-la.',
    },
  },
  backendErrors: { ERR_QUICKMESSAGE_NOT_FOUND: 'Nenhuma resposta rápida encontrada com este ID.' },
};

export default pt;
