import { Alert, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { IdSelect } from './fields';

/** The connection's integration (Typebot, n8n, webhook, Dialogflow, flow builder) and AI prompt. */
export default function IntegrationsTab({ form, integrations, prompts }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ pt: 2 }}>
      <Alert severity="info">{t('connections.modal.integrationsHelp')}</Alert>
      <IdSelect form={form} name="integrationId" items={integrations} />
      <IdSelect form={form} name="promptId" items={prompts} />
    </Stack>
  );
}
