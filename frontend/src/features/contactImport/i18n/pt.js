const pt = {
  contactImport: {
    menu: 'Importar / Exportar',
    fromPhone: 'Importar do telefone',
    fromSheet: 'Importar planilha',
    toSheet: 'Exportar planilha',
    title: 'Importar contatos',
    back: 'Voltar',
    drop: 'Arraste a planilha (.xlsx ou .csv) até aqui',
    dropHint: 'A primeira linha deve nomear as colunas. Até 200.000 linhas e 20 MB.',
    pick: 'Escolher arquivo',
    mapTitle: 'Ligue as colunas de {{file}} aos campos do contato',
    none: 'Nenhuma',
    column: 'Coluna {{n}}',
    allRows: 'Importar todas as linhas da planilha',
    allRowsCount: 'Importar todas as linhas da planilha ({{count}})',
    previewHint: 'Primeiras {{count}} linhas: desmarque as que não quer importar.',
    start: 'Importar',
    cancel: 'Cancelar',
    another: 'Importar outra planilha',
    refusedFile: 'contatos-recusados',
    counts: '{{read}} linhas lidas: {{created}} contatos criados, {{updated}} atualizados, {{refused}} recusados',
    downloadRefused: 'Baixar as {{count}} linhas recusadas',
    fields: {
      name: 'Nome',
      number: 'Número',
      email: 'E-mail',
      tags: 'Tags',
    },
    status: {
      uploaded: '{{file}}: aguardando o mapeamento',
      pending: '{{file}}: na fila…',
      reading: '{{file}}: importando…',
      done: '{{file}}: importação concluída',
      failed: '{{file}}: a importação falhou',
    },
    errors: {
      nameNotSelected: 'O campo nome não foi selecionado',
      numberNotSelected: 'O campo número não foi selecionado',
      columnTwice: 'Cada coluna só pode ser ligada a um campo',
      noneSelected: 'Nenhum contato selecionado',
    },
    phone: {
      title: 'Importar contatos do telefone',
      hint: 'Os contatos salvos no celular da conexão WhatsApp (QR code) viram contatos aqui; os que já existem são mantidos.',
      connection: 'Conexão',
      default: 'Conexão padrão',
      run: 'Importar',
    }
  },
  backendErrors: {
    ERR_IMPORT_NAME_NOT_SELECTED: 'O campo nome não foi selecionado',
    ERR_IMPORT_NUMBER_NOT_SELECTED: 'O campo número não foi selecionado',
    ERR_IMPORT_NO_CONTACT_SELECTED: 'Nenhum contato selecionado',
    ERR_IMPORT_PHONE_UNSUPPORTED: 'Só uma conexão WhatsApp por QR code tem contatos do telefone para importar.',
    ERR_IMPORT_NOT_SPREADSHEET: 'Arquivo inválido!',
  }
};

export default pt;
