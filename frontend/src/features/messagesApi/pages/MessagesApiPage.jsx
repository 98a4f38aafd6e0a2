import { useEffect } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../services/toast';
import { useAuth } from '../../auth/hooks/useAuth';
import { externalApiAllowed } from '../api/access';
import ApiDocs from '../components/ApiDocs';
import MediaTestForm from '../components/MediaTestForm';
import TextTestForm from '../components/TextTestForm';

export const REDIRECT_DELAY = 1000;

/** Without the plan flag: an error toast, then home after 1 s. */
function useRedirectWithoutPlan(allowed) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    if (allowed) return undefined;
    toast.error(t('messagesApi.noPlan'));
    const timer = setTimeout(() => navigate('/'), REDIRECT_DELAY);
    return () => clearTimeout(timer);
  }, [allowed, navigate, t]);
}

/** /messages-api: documentation of POST /api/messages/send and two test forms (text, media). */
export default function MessagesApiPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const allowed = externalApiAllowed(user);
  useRedirectWithoutPlan(allowed);
  if (!allowed) return null;
  return (
    <Box sx={{ p: 2, height: '100%', overflow: 'auto' }} data-testid="messages-api-page">
      <Typography variant="h5" gutterBottom>{t('messagesApi.title')}</Typography>
      <Stack spacing={2} sx={{ maxWidth: 1100 }}>
        <ApiDocs />
        <TextTestForm />
        <MediaTestForm />
      </Stack>
    </Box>
  );
}
