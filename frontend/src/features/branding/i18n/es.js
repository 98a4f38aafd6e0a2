const es = {
  branding: {
    saved: 'Operación actualizada con éxito',
    hex: 'Código (#rrggbb)',
    badColor: 'Use el formato #rrggbb',
    colorLight: 'Color primario (modo claro)',
    colorDark: 'Color primario (modo oscuro)',
    appName: 'Nombre del sistema',
    appNameHelp: 'Vacío: "{{name}}"',
    upload: 'Subir',
    clear: 'Limpiar',
    noLogo: 'Predeterminado',
    previews: 'Vista previa',
    logo: {
      Light: 'Logo (modo claro)',
      Dark: 'Logo (modo oscuro)',
      Favicon: 'Favicon',
    },
    preview: {
      light: 'Modo claro',
      dark: 'Modo oscuro',
      favicon: 'Pestaña del navegador',
    }
  },
};
export default es;
