import { Box, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import BrandLogo from '../features/branding/components/BrandLogo';

/** Logo + 'Bem-vindo': shown at home and by the tickets page when no ticket is selected. */
export default function WelcomeCard() {
  const { t } = useTranslation();
  return (
    <Box sx={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Paper variant="outlined" sx={{ p: 6, textAlign: 'center', minWidth: 280 }} data-testid="welcome-card">
        <BrandLogo sx={{ height: 96, maxWidth: 240, mb: 2 }} />
        <Typography variant="h5">{t('welcome.title')}</Typography>
      </Paper>
    </Box>
  );
}
