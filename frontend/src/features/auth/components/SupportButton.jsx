import { Button } from '@mui/material';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { useTranslation } from 'react-i18next';

export const SUPPORT_URL = import.meta.env.VITE_SUPPORT_URL || 'mailto:suporte@atende.local';

export default function SupportButton(props) {
  const { t } = useTranslation();
  return (
    <Button
      href={SUPPORT_URL}
      target="_blank"
      rel="noopener noreferrer"
      startIcon={<SupportAgentIcon />}
      data-testid="support-button"
      {...props}
    >
      {t('common.support')}
    </Button>
  );
}
