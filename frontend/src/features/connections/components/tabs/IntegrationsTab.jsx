import { Alert, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import SelectField from '../../../../components/SelectField';

/**
 * The queue integration that answers this connection's new conversations (BEHAVIOUR §1 step
 * 18), and the flows a flowbuilder integration starts when no phrase campaign matches: the
 * welcome flow for a first contact, the "no phrase" flow for a returning one (§9).
 */
export default function IntegrationsTab({ form, integrations, flows = [] }) {
  const { t } = useTranslation();
  const none = { value: '', label: t('integrations.none') };
  const flowOptions = [none, ...flows.map((f) => ({ value: f.id, label: f.name }))];
  return (
    <Stack spacing={2} sx={{ pt: 2 }}>
      <Alert severity="info">{t('connections.modal.integrationHelp')}</Alert>
      <SelectField {...form.field('integrationId')} label={t('integrations.select')} testId="connection-integration"
        options={[none, ...integrations.map((it) => ({ value: it.id, label: it.name }))]} />
      <SelectField {...form.field('flowIdWelcome')} label={t('connections.modal.flowIdWelcome')} testId="connection-flow-welcome"
        options={flowOptions} />
      <SelectField {...form.field('flowIdNotPhrase')} label={t('connections.modal.flowIdNotPhrase')} testId="connection-flow-not-phrase"
        options={flowOptions} />
    </Stack>
  );
}
