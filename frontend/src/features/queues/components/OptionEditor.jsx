import { Box, Button, FormControlLabel, Paper, Stack, Switch, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import SelectField from '../../../components/SelectField';
import useForm from '../../../hooks/useForm';
import { toast } from '../../../services/toast';
import toastError, { ERROR_TOAST_DURATION } from '../../../utils/toastError';
import {
  NAME_MIN, OPTION_TYPES, REFERENCES, optionServerErrors, optionToForm, validateOption,
} from '../api/chatbotTree';

const input = (testId) => ({ htmlInput: { 'data-testid': testId } });

/**
 * Adds or edits one option in place. onSave(values) resolves once saved (or throws the API
 * error, whose field messages show translated on the fields). initialErrors: e.g. the message a
 * sub-level needs. Enter in a one-line field saves the option, not the queue around it.
 */
export default function OptionEditor({ option, hasChildren, initialErrors, queues, users, files, integrations, onSave, onCancel }) {
  const { t } = useTranslation();
  const form = useForm(optionToForm(option));
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (initialErrors) form.setErrors(initialErrors);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the editor opens
  }, []);
  const uses = REFERENCES[form.values.queueType] || [];
  const none = { value: '', label: t('queues.modal.none') };
  const list = (items) => [none, ...items.map((item) => ({ value: item.id, label: item.name }))];

  const save = async () => {
    if (saving || !form.check({}, validateOption(form.values, { hasChildren }))) return;
    setSaving(true);
    try {
      await onSave(form.values);
    } catch (error) {
      // The server's field messages are Portuguese: they show as their translations.
      const fields = optionServerErrors(error);
      if (Object.keys(fields).length) form.setErrors(fields);
      // A message about something this editor does not show (e.g. the parent's missing
      // message, keyed parentId) is the toast itself.
      const elsewhere = Object.entries(fields).filter(([field]) => !(field in form.values)).map(([, key]) => t(key));
      if (elsewhere.length) toast.error(elsewhere.join(' '), { duration: ERROR_TOAST_DURATION });
      else toastError(error);
      setSaving(false);
    }
  };

  const onKeyDown = (event) => {
    if (event.key === 'Enter' && event.target.tagName === 'INPUT') {
      event.preventDefault();
      save();
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, my: 1 }} onKeyDown={onKeyDown} data-testid="chatbot-option-editor">
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField {...form.field('name')} label={t('queues.chatbot.name')} required fullWidth autoFocus size="small"
            helperText={form.field('name').helperText || t('queues.chatbot.help.name', { count: NAME_MIN })} slotProps={input('chatbot-option-name')} />
          <SelectField {...form.field('queueType')} label={t('queues.chatbot.queueType')} testId="chatbot-option-type" size="small"
            helperText={t(`queues.chatbot.typeHelp.${form.values.queueType}`)}
            options={OPTION_TYPES.filter((value) => value !== 'integration' || integrations || form.values.queueType === value)
              .map((value) => ({ value, label: t(`queues.chatbot.types.${value}`) }))} />
        </Stack>
        <TextField {...form.field('greetingMessage')} label={t('queues.chatbot.greetingMessage')} multiline minRows={2} fullWidth size="small"
          required={hasChildren} helperText={form.field('greetingMessage').helperText || t('queues.chatbot.help.greetingMessage')}
          slotProps={input('chatbot-option-greeting')} />
        {uses.length > 0 && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {uses.includes('optQueueId') && (
              <SelectField {...form.field('optQueueId')} label={t('queues.chatbot.optQueueId')} testId="chatbot-option-queue" size="small" required options={list(queues)} />
            )}
            {uses.includes('optUserId') && (
              <SelectField {...form.field('optUserId')} label={t('queues.chatbot.optUserId')} testId="chatbot-option-user" size="small" required options={list(users)} />
            )}
            {uses.includes('optIntegrationId') && (
              <SelectField {...form.field('optIntegrationId')} label={t('integrations.select')} testId="chatbot-option-integration" size="small"
                required options={list(integrations || [])} />
            )}
            {uses.includes('optFileId') && (
              <SelectField {...form.field('optFileId')} label={t('queues.chatbot.optFileId')} testId="chatbot-option-file" size="small" required options={list(files)} />
            )}
          </Stack>
        )}
        <FormControlLabel label={t('queues.chatbot.closeTicket')} control={(
          <Switch checked={form.values.closeTicket} onChange={(e) => form.setValue('closeTicket', e.target.checked)}
            slotProps={{ input: { 'data-testid': 'chatbot-option-close' } }} />
        )} />
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          <Button onClick={onCancel} disabled={saving} data-testid="chatbot-option-cancel">{t('common.cancel')}</Button>
          <Button variant="contained" onClick={save} disabled={saving} data-testid="chatbot-option-save">{t('queues.chatbot.saveOption')}</Button>
        </Box>
      </Stack>
    </Paper>
  );
}
