import { useState } from 'react';
import { Alert, Button, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import FormDialog from '../../../components/FormDialog';
import SelectField from '../../../components/SelectField';
import useForm from '../../../hooks/useForm';
import toastError from '../../../utils/toastError';
import { createIntegration, testDialogflow, updateIntegration } from '../api/integrationsApi';
import { INTEGRATION_TYPES, LANGUAGES, fieldsOf, integrationPayload, isMaskedKey, integrationToForm, validateIntegration } from '../api/integrationForm';

const NUMBER_FIELDS = ['typebotExpires', 'typebotDelayMessage'];
const LONG_FIELDS = ['jsonContent', 'typebotUnknownMessage', 'typebotRestartMessage'];

/** Dialogflow's "test session": one question to the agent with the form's credentials (the stored key of integrationId while the form shows it masked). */
function TestSession({ values, integrationId }) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState(null);
  const run = async () => {
    try {
      const res = await testDialogflow({ id: integrationId, projectName: values.projectName, jsonContent: values.jsonContent, language: values.language });
      setAnswer(res?.fulfillmentText || res?.intent?.displayName || t('integrations.testEmpty'));
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <Stack spacing={1}>
      <Button variant="outlined" onClick={run} data-testid="integration-test">{t('integrations.test')}</Button>
      {answer && <Alert severity="success" data-testid="integration-test-answer">{answer}</Alert>}
    </Stack>
  );
}

/** Add (integration null) or edit an integration; the fields follow the type. */
function IntegrationForm({ integration, onClose, onSaved }) {
  const { t } = useTranslation();
  const form = useForm(integrationToForm(integration));
  const fields = fieldsOf(form.values.type);
  const save = () => {
    const payload = integrationPayload(form.values);
    return integration ? updateIntegration(integration.id, payload) : createIntegration(payload);
  };
  const keptKey = (key) => key === 'jsonContent' && isMaskedKey(form.values.jsonContent) && !form.errors.jsonContent;
  const input = (key) => (
    <TextField key={key} {...form.field(key)} label={t(`integrations.fields.${key}`)} fullWidth
      helperText={keptKey(key) ? t('integrations.keptKey') : form.field(key).helperText}
      type={NUMBER_FIELDS.includes(key) ? 'number' : 'text'} multiline={LONG_FIELDS.includes(key)}
      minRows={key === 'jsonContent' ? 4 : undefined}
      required={['urlN8N', 'typebotSlug', 'projectName', 'jsonContent'].includes(key)}
      slotProps={{ htmlInput: { 'data-testid': `integration-${key}` } }} />
  );
  return (
    <FormDialog
      testId="integration"
      maxWidth="sm"
      title={integration ? t('integrations.modal.editTitle') : t('integrations.modal.addTitle')}
      adding={!integration}
      validate={() => form.check({}, validateIntegration(form.values))}
      onSubmit={save}
      onError={form.applyServerErrors}
      successMessage={t('integrations.saved')}
      onSaved={onSaved}
      onClose={onClose}
      dirty={form.dirty}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <SelectField {...form.field('type')} label={t('integrations.fields.type')} testId="integration-type" required
          options={INTEGRATION_TYPES} />
        <TextField {...form.field('name')} label={t('integrations.fields.name')} required fullWidth autoFocus
          slotProps={{ htmlInput: { 'data-testid': 'integration-name' } }} />
        {fields.filter((key) => key !== 'language').map(input)}
        {fields.includes('language') && (
          <TextField select {...form.field('language')} label={t('integrations.fields.language')} fullWidth
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'integration-language' } } }}>
            {LANGUAGES.map((l) => <MenuItem key={l} value={l}>{t(`integrations.languages.${l}`)}</MenuItem>)}
          </TextField>
        )}
        {form.values.type === 'dialogflow' && <TestSession values={form.values} integrationId={integration?.id} />}
      </Stack>
    </FormDialog>
  );
}

export default function IntegrationModal({ open, integration, onClose, onSaved }) {
  return open ? <IntegrationForm key={integration?.id ?? 'new'} integration={integration} onClose={onClose} onSaved={onSaved} /> : null;
}
