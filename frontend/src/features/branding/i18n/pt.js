const pt = {
  branding: {
    saved: 'Operação atualizada com sucesso',
    hex: 'Código (#rrggbb)',
    badColor: 'Use o formato #rrggbb',
    colorLight: 'Cor primária (modo claro)',
    colorDark: 'Cor primária (modo escuro)',
    appName: 'Nome do sistema',
    appNameHelp: 'Vazio: "{{name}}"',
    upload: 'Enviar',
    clear: 'Limpar',
    noLogo: 'Padrão',
    previews: 'Pré-visualização',
    logo: {
      Light: 'Logotipo (modo claro)',
      Dark: 'Logotipo (modo escuro)',
      Favicon: 'Favicon',
    },
    preview: {
      light: 'Modo claro',
      dark: 'Modo escuro',
      favicon: 'Aba do navegador',
    }
  },
};
export default pt;
