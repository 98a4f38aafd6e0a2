import { Alert, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import SelectField from '../../../../components/SelectField';

/** The queue integration that answers this connection's new conversations (BEHAVIOUR §1 step 18). */
export default function IntegrationsTab({ form, integrations }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ pt: 2 }}>
      <Alert severity="info">{t('connections.modal.integrationHelp')}</Alert>
      <SelectField {...form.field('integrationId')} label={t('integrations.select')} testId="connection-integration"
        options={[{ value: '', label: t('integrations.none') }, ...integrations.map((it) => ({ value: it.id, label: it.name }))]} />
    </Stack>
  );
}
