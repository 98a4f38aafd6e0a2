import { Box, Button, Typography } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** The 403 view: 'Oops! Acesso Negado!' with a way back to /tickets. */
export default function Forbidden() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Box sx={{ p: 6, textAlign: 'center' }} data-testid="forbidden">
      <BlockIcon color="error" sx={{ fontSize: 64, mb: 2 }} />
      <Typography variant="h4" gutterBottom>{t('forbidden.title')}</Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>{t('forbidden.message')}</Typography>
      <Button variant="contained" onClick={() => navigate('/tickets')} data-testid="forbidden-back">
        {t('forbidden.back')}
      </Button>
    </Box>
  );
}
