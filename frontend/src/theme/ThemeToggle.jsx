import { IconButton, Tooltip } from '@mui/material';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { useTranslation } from 'react-i18next';
import { useColorMode } from './ColorModeProvider';

export default function ThemeToggle({ color = 'inherit' }) {
  const { t } = useTranslation();
  const { mode, toggle } = useColorMode();
  return (
    <Tooltip title={t('common.toggleTheme')}>
      <IconButton color={color} onClick={toggle} data-testid="theme-toggle" aria-label={t('common.toggleTheme')}>
        {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
      </IconButton>
    </Tooltip>
  );
}
