import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { useBranding } from '../features/branding/hooks/useBranding';

const THEME_KEY = 'preferredTheme';
const ColorModeContext = createContext(null);

const readStoredMode = () => {
  const value = localStorage.getItem(THEME_KEY);
  return value === 'dark' || value === 'light' ? value : null;
};

/** The theme of a colour mode, with the whitelabel's primary colour for it. */
export function buildTheme(mode, branding = {}) {
  return createTheme({
    palette: {
      mode,
      primary: { main: (mode === 'dark' ? branding.primaryColorDark : branding.primaryColorLight) || (mode === 'dark' ? '#60a5fa' : '#2563eb') },
      secondary: { main: '#0d9488' },
      background: mode === 'dark' ? { default: '#111827', paper: '#1f2937' } : { default: '#f3f4f6', paper: '#ffffff' },
    },
    shape: { borderRadius: 8 },
    components: {
      // Hints never sit in the way of the control under them (e.g. the drawer under the menu button).
      MuiTooltip: { defaultProps: { disableInteractive: true } },
    },
  });
}

export function ColorModeProvider({ children }) {
  const [mode, setModeState] = useState(() => readStoredMode() || 'light');

  const setMode = useCallback((next) => {
    localStorage.setItem(THEME_KEY, next);
    setModeState(next);
  }, []);

  /** Applies a user's default theme unless this browser already saved a choice. */
  const applyDefault = useCallback((next) => {
    if (!readStoredMode() && (next === 'dark' || next === 'light')) setModeState(next);
  }, []);

  const toggle = useCallback(() => setMode(mode === 'dark' ? 'light' : 'dark'), [mode, setMode]);

  useEffect(() => {
    document.documentElement.dataset.theme = mode;
  }, [mode]);

  const { branding } = useBranding();
  const theme = useMemo(() => buildTheme(mode, branding), [mode, branding]);
  const value = useMemo(() => ({ mode, toggle, applyDefault }), [mode, toggle, applyDefault]);

  return (
    <ColorModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ColorModeContext.Provider>
  );
}

export const useColorMode = () => useContext(ColorModeContext);
