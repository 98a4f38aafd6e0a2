import useSWR from 'swr';
import { Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import PasswordField from '../../../../components/PasswordField';
import SelectField from '../../../../components/SelectField';
import useForm from '../../../../hooks/useForm';
import { QUEUES_PATH } from '../../api/flowbuilderApi';
import { OPENAI_DEFAULTS, OPENAI_MODELS, VOICES, checkOpenAI, numbersOf } from '../../api/nodeForms';
import NodeFormDialog from './NodeFormDialog';

const listOf = (data) => (Array.isArray(data) ? data : data?.queues || []);

/** The openai node: a prompt run in place of a prompt record (api key hidden unless shown). */
export default function OpenAIDialog({ data, editing, onSaved, onClose }) {
  const { t } = useTranslation();
  const queues = listOf(useSWR(QUEUES_PATH).data);
  const form = useForm({ ...OPENAI_DEFAULTS, ...(data?.typebotIntegration || {}) });
  const label = (name) => t(`flowbuilder.dialog.openai.${name}`);
  const input = (name) => ({ htmlInput: { 'data-testid': `flow-openai-${name}` } });
  const submit = async () => {
    const values = numbersOf(form.values, ['maxTokens', 'temperature', 'maxMessages', 'queueId']);
    return { typebotIntegration: { ...values, queueId: values.queueId || null } };
  };
  return (
    <NodeFormDialog kind="openai" editing={editing} testId="flow-openai" onSaved={onSaved} onClose={onClose} dirty={form.dirty} maxWidth="md"
      validate={() => form.check({}, checkOpenAI(form.values))} onSubmit={submit}>
      <TextField {...form.field('name')} label={label('name')} autoFocus fullWidth slotProps={input('name')} />
      <PasswordField {...form.field('apiKey')} label={label('apiKey')} fullWidth slotProps={input('apiKey')} autoComplete="off" />
      <TextField {...form.field('prompt')} label={label('prompt')} multiline minRows={6} fullWidth slotProps={input('prompt')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <SelectField {...form.field('model')} label={label('model')} testId="flow-openai-model" options={OPENAI_MODELS.map((m) => ({ value: m, label: m }))} />
        <SelectField {...form.field('queueId')} label={label('queue')} testId="flow-openai-queue"
          options={[{ value: '', label: '—' }, ...queues.map((queue) => ({ value: queue.id, label: queue.name }))]} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField {...form.field('maxTokens')} type="number" label={label('maxTokens')} fullWidth slotProps={input('maxTokens')} />
        <TextField {...form.field('temperature')} type="number" label={label('temperature')} fullWidth
          slotProps={{ htmlInput: { step: 0.1, min: 0, max: 2, 'data-testid': 'flow-openai-temperature' } }} />
        <TextField {...form.field('maxMessages')} type="number" label={label('maxMessages')} fullWidth slotProps={input('maxMessages')} />
      </Stack>
      <SelectField {...form.field('voice')} label={label('voice')} testId="flow-openai-voice"
        options={VOICES.map((voice) => ({ value: voice, label: voice === 'texto' ? label('text') : voice }))} />
      {form.values.voice !== 'texto' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField {...form.field('voiceKey')} label={label('voiceKey')} fullWidth slotProps={input('voiceKey')} />
          <TextField {...form.field('voiceRegion')} label={label('voiceRegion')} fullWidth slotProps={input('voiceRegion')} />
        </Stack>
      )}
    </NodeFormDialog>
  );
}
