const en = {
  branding: {
    saved: 'Setting updated',
    hex: 'Code (#rrggbb)',
    badColor: 'Use the #rrggbb format',
    colorLight: 'Primary colour (light mode)',
    colorDark: 'Primary colour (dark mode)',
    appName: 'System name',
    appNameHelp: 'Empty: "{{name}}"',
    upload: 'Upload',
    clear: 'Clear',
    noLogo: 'Default',
    previews: 'Previews',
    logo: {
      Light: 'Logo (light mode)',
      Dark: 'Logo (dark mode)',
      Favicon: 'Favicon',
    },
    preview: {
      light: 'Light mode',
      dark: 'Dark mode',
      favicon: 'Browser tab',
    }
  },
};
export default en;
