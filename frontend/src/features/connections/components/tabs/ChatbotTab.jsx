import { Alert, Box, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { IdSelect, NumberInput, grid } from './fields';

/** How often and how long the queue menu (chatbot) answers a contact. */
export default function ChatbotTab({ form, prompts = [] }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ pt: 2 }}>
      <Alert severity="info">{t('connections.modal.chatbotHelp')}</Alert>
      <Box sx={{ ...grid, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <NumberInput form={form} name="maxUseBotQueues" />
        <NumberInput form={form} name="timeUseBotQueues" />
      </Box>
      {prompts.length > 0 && <IdSelect form={form} name="promptId" items={prompts} />}
    </Stack>
  );
}
