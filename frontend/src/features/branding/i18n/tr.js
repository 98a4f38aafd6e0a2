const tr = {
  branding: {
    saved: 'Ayar güncellendi',
    hex: 'Kod (#rrggbb)',
    badColor: '#rrggbb biçimini kullanın',
    colorLight: 'Ana renk (açık mod)',
    colorDark: 'Ana renk (koyu mod)',
    appName: 'Sistem adı',
    appNameHelp: 'Boş: "{{name}}"',
    upload: 'Yükle',
    clear: 'Temizle',
    noLogo: 'Varsayılan',
    previews: 'Önizleme',
    logo: {
      Light: 'Logo (açık mod)',
      Dark: 'Logo (koyu mod)',
      Favicon: 'Favicon',
    },
    preview: {
      light: 'Açık mod',
      dark: 'Koyu mod',
      favicon: 'Tarayıcı sekmesi',
    }
  },
};
export default tr;
