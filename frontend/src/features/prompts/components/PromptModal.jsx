import { useState } from 'react';
import { Grid, IconButton, InputAdornment, TextField } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import FormDialog from '../../../components/FormDialog';
import SelectField from '../../../components/SelectField';
import useForm from '../../../hooks/useForm';
import { createPrompt, updatePrompt } from '../api/promptsApi';
import { MODELS, VOICES, VOICE_TEXT, promptPayload, promptToForm, validatePrompt } from '../api/promptForm';

const queuesOf = (data) => (Array.isArray(data) ? data : data?.queues || []);

function SecretField({ label, testId, ...props }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <TextField {...props} label={label} fullWidth type={shown ? 'text' : 'password'} autoComplete="off"
      slotProps={{
        htmlInput: { 'data-testid': testId, maxLength: 500 },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton aria-label={t('prompts.modal.toggleKey')} onClick={() => setShown((v) => !v)} edge="end" size="small">
                {shown ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }} />
  );
}

function PromptForm({ record, onClose, onSaved }) {
  const { t } = useTranslation();
  const form = useForm(promptToForm(record));
  const { data } = useSWR('/queue', { revalidateOnFocus: false });
  const queues = queuesOf(data).map((q) => ({ value: q.id, label: q.name }));
  const voices = [{ value: VOICE_TEXT, label: t('prompts.modal.voiceText') }, ...VOICES.map((v) => ({ value: v, label: v }))];
  const save = () => (record ? updatePrompt(record.id, promptPayload(form.values)) : createPrompt(promptPayload(form.values)));
  const number = (name, label, step) => (
    <Grid size={{ xs: 12, sm: 4 }}>
      <TextField {...form.field(name)} label={label} type="number" fullWidth
        slotProps={{ htmlInput: { 'data-testid': `prompt-${name}`, step } }} />
    </Grid>
  );
  return (
    <FormDialog
      testId="prompt"
      maxWidth="md"
      title={record ? t('prompts.modal.editTitle') : t('prompts.modal.addTitle')}
      adding={!record}
      validate={() => form.check({}, validatePrompt(form.values))}
      onSubmit={save}
      onError={form.applyServerErrors}
      successMessage={t('prompts.saved')}
      onSaved={onSaved}
      onClose={onClose}
      dirty={form.dirty}
    >
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...form.field('name')} label={t('prompts.modal.name')} required fullWidth autoFocus
            slotProps={{ htmlInput: { 'data-testid': 'prompt-name', maxLength: 100 } }} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SecretField {...form.field('apiKey')} label={t('prompts.modal.apiKey')} required testId="prompt-apiKey" />
        </Grid>
        <Grid size={12}>
          <TextField {...form.field('prompt')} label={t('prompts.modal.prompt')} required fullWidth multiline minRows={6}
            helperText={form.field('prompt').helperText || t('prompts.modal.promptHelp')}
            slotProps={{ htmlInput: { 'data-testid': 'prompt-prompt', maxLength: 20000 } }} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectField {...form.field('queueId')} label={t('prompts.modal.queue')} required options={queues} testId="prompt-queue" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectField {...form.field('model')} label={t('prompts.modal.model')} testId="prompt-model"
            options={MODELS.map((m) => ({ value: m, label: m }))} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <SelectField {...form.field('voice')} label={t('prompts.modal.voice')} options={voices} testId="prompt-voice" />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <SecretField {...form.field('voiceKey')} label={t('prompts.modal.voiceKey')} testId="prompt-voiceKey"
            disabled={form.values.voice === VOICE_TEXT} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField {...form.field('voiceRegion')} label={t('prompts.modal.voiceRegion')} fullWidth
            disabled={form.values.voice === VOICE_TEXT} placeholder="brazilsouth"
            slotProps={{ htmlInput: { 'data-testid': 'prompt-voiceRegion', maxLength: 50 } }} />
        </Grid>
        {number('maxTokens', t('prompts.modal.maxTokens'), 1)}
        {number('temperature', t('prompts.modal.temperature'), 0.1)}
        {number('maxMessages', t('prompts.modal.maxMessages'), 1)}
      </Grid>
    </FormDialog>
  );
}

/** Add (record null) or edit an AI prompt. */
export default function PromptModal({ open, record, onClose, onSaved }) {
  return open ? <PromptForm key={record?.id ?? 'new'} record={record} onClose={onClose} onSaved={onSaved} /> : null;
}
