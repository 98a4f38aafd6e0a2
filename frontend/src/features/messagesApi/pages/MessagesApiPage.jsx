import { Box, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import useSendHomeUnless from '../../../hooks/useSendHomeUnless';
import { useAuth } from '../../auth/hooks/useAuth';
import { externalApiAllowed } from '../api/access';
import ApiDocs from '../components/ApiDocs';
import MediaTestForm from '../components/MediaTestForm';
import TextTestForm from '../components/TextTestForm';

/** /messages-api: documentation of POST /api/messages/send and two test forms (text, media). */
export default function MessagesApiPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (!useSendHomeUnless(externalApiAllowed(user), 'messagesApi.noPlan')) return null;
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
