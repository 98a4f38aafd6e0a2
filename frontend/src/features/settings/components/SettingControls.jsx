import { useEffect, useState } from 'react';
import { FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import SelectField from '../../../components/SelectField';
import { isRequired, numberError, textError } from '../api/settingsCatalog';

/** The short explanation of a key (settings.help.{key}), if there is one. */
function useHelp(key) {
  const { t, i18n } = useTranslation();
  const helpKey = `settings.help.${key}`;
  return i18n.exists(helpKey) ? t(helpKey, { queue: '{{queue}}' }) : undefined;
}

/** enabled|disabled as a switch that saves on change. */
export function SettingSwitch({ settingKey, value, onChange }) {
  const { t } = useTranslation();
  const help = useHelp(settingKey);
  return (
    <Stack spacing={0.25}>
      <FormControlLabel
        label={t(`settings.options.${settingKey}`)}
        control={(
          <Switch checked={value === 'enabled'} onChange={(e) => onChange(e.target.checked ? 'enabled' : 'disabled')}
            slotProps={{ input: { 'data-testid': `setting-${settingKey}` } }} />
        )}
      />
      {help && <Typography variant="caption" color="text.secondary" sx={{ pl: 6 }}>{help}</Typography>}
    </Stack>
  );
}

/** One of a fixed list, saved on change. */
export function SettingChoice({ settingKey, value, choices, onChange }) {
  const { t } = useTranslation();
  return (
    <SelectField label={t(`settings.options.${settingKey}`)} value={value ?? ''} onChange={(e) => onChange(e.target.value)}
      options={choices.map((choice) => ({ value: choice, label: t(`settings.choices.${settingKey}.${choice}`) }))}
      helperText={useHelp(settingKey)} testId={`setting-${settingKey}`} size="small" />
  );
}

/** A text kept as typed and saved when the field is left (blur); error is an i18n key. */
function DraftText({ def, draft, setDraft, onBlur, error, helperText, required }) {
  const { t } = useTranslation();
  return (
    <TextField label={t(`settings.options.${def.key}`)} value={draft} onChange={(e) => setDraft(e.target.value)} onBlur={onBlur}
      error={Boolean(error)} helperText={error ? t(error.key, error.args) : helperText} required={required}
      multiline={!def.single} minRows={def.single ? undefined : 2} fullWidth size="small"
      slotProps={{ htmlInput: { 'data-testid': `setting-${def.key}` } }} />
  );
}

function useDraft(stored) {
  const [draft, setDraft] = useState(stored);
  useEffect(() => setDraft(stored), [stored]);
  return [draft, setDraft];
}

/** A free text (LGPD message, link): saved on blur. hint shows when needed but empty. */
export function SettingText({ def, values, save }) {
  const { t } = useTranslation();
  const stored = values[def.key] ?? '';
  const [draft, setDraft] = useDraft(stored);
  const [error, setError] = useState(null);
  const help = useHelp(def.key);
  const unused = def.neededBy && values[def.neededBy] === 'enabled' && !draft.trim();
  const onBlur = async () => {
    if (draft === stored) return;
    const key = textError(def, draft);
    setError(key ? { key } : null);
    if (!key) await save(def.key, draft);
  };
  return (
    <DraftText def={def} draft={draft} setDraft={(v) => { setDraft(v); setError(null); }} onBlur={onBlur} error={error}
      helperText={unused ? t(`settings.unused.${def.key}`) : help} />
  );
}

/** A whole number ≥ 0, saved on blur when valid. */
export function SettingNumber({ settingKey, values, save }) {
  const { t } = useTranslation();
  const stored = values[settingKey] ?? '0';
  const [draft, setDraft] = useDraft(stored);
  const [error, setError] = useState(null);
  const help = useHelp(settingKey);
  const onBlur = async () => {
    if (draft === stored) return;
    const key = numberError(draft);
    setError(key);
    if (!key) await save(settingKey, String(Number(draft)));
  };
  return (
    <TextField type="number" label={t(`settings.options.${settingKey}`)} value={draft} onChange={(e) => { setDraft(e.target.value); setError(null); }}
      onBlur={onBlur} error={Boolean(error)} helperText={error ? t(error) : help} size="small" fullWidth
      slotProps={{ htmlInput: { min: 0, step: 1, 'data-testid': `setting-${settingKey}` } }} />
  );
}

/**
 * A toggle and the text it needs in one state (greeting on accept, transfer message, queue
 * position, call reply). Switching to that state with no text waits: the text field says so
 * and the switch is saved once the text is.
 */
export function ToggleWithText({ toggleKey, textDef, values, save }) {
  const { t } = useTranslation();
  const stored = values[textDef.key] ?? '';
  const [draft, setDraft] = useDraft(stored);
  const [pending, setPending] = useState(null);
  const [error, setError] = useState(null);
  const toggleValue = pending ?? values[toggleKey];
  const required = isRequired(textDef, toggleValue);
  const rule = { key: `settings.requiredWhen.${textDef.requiredWhen || 'enabled'}`, args: { setting: t(`settings.options.${toggleKey}`) } };
  const help = useHelp(textDef.key);

  const onToggle = async (value) => {
    setError(null);
    if (value === values[toggleKey]) {
      setPending(null);
      return;
    }
    const needsText = isRequired(textDef, value);
    if (needsText && !draft.trim()) {
      setPending(value);
      setError({ key: 'settings.validation.textFirst' });
      return;
    }
    setPending(null);
    if (needsText && draft !== stored && !(await save(textDef.key, draft))) return;
    await save(toggleKey, value);
  };

  const onBlur = async () => {
    if (draft === stored) return;
    const key = textError(textDef, draft, toggleValue);
    if (key) {
      setError(key === 'settings.validation.required' ? rule : { key });
      return;
    }
    if (!(await save(textDef.key, draft)) || !pending) return;
    const value = pending;
    setPending(null);
    await save(toggleKey, value);
  };

  const missing = required && !draft.trim();
  return (
    <Stack spacing={1}>
      <SettingSwitch settingKey={toggleKey} value={toggleValue} onChange={onToggle} />
      <DraftText def={textDef} draft={draft} setDraft={(v) => { setDraft(v); setError(null); }} onBlur={onBlur} required={required}
        error={error || (missing ? rule : null)} helperText={[t(rule.key, rule.args), help].filter(Boolean).join(' · ')} />
    </Stack>
  );
}
