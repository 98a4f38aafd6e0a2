import { useEffect, useState } from 'react';
import { Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import SettingSelect from './SettingSelect';

/**
 * A toggle whose message is required while it is enabled (greeting on accept, transfer message).
 * Enabling with no message waits for the message before saving the toggle.
 */
export default function SettingWithMessage({ settingKey, messageKey, values, save }) {
  const { t } = useTranslation();
  const stored = values[messageKey] || '';
  const [message, setMessage] = useState(stored);
  const [pending, setPending] = useState(false);
  const enabled = pending || values[settingKey] === 'enabled';
  const missing = enabled && !message.trim();

  useEffect(() => setMessage(stored), [stored]);

  const onToggle = async (value) => {
    if (value === 'enabled' && !stored.trim()) {
      setPending(true);
      return;
    }
    setPending(false);
    await save(settingKey, value);
  };

  const onBlur = async () => {
    if (!message.trim() || message === stored) return;
    if ((await save(messageKey, message)) && pending) {
      setPending(false);
      await save(settingKey, 'enabled');
    }
  };

  return (
    <Stack spacing={1}>
      <SettingSelect settingKey={settingKey} value={enabled ? 'enabled' : values[settingKey]} onChange={onToggle} />
      {enabled && (
        <TextField
          label={t(`settings.options.${messageKey}`)}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          onBlur={onBlur}
          error={missing}
          helperText={missing ? t('validation.required') : undefined}
          required
          multiline
          minRows={2}
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': `setting-${messageKey}` } }}
        />
      )}
    </Stack>
  );
}
