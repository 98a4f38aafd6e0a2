import { Alert, Box, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/hooks/useAuth';
import { textFor, visibleGroups } from '../api/settingsCatalog';
import { SettingChoice, SettingNumber, SettingSwitch, SettingText, ToggleWithText } from './SettingControls';

/** One setting's control; a toggle that needs a text brings that text along. */
function SettingControl({ def, group, values, save }) {
  if (def.kind === 'toggle') {
    const text = textFor(def.key);
    if (text && group.settings.includes(text)) return <ToggleWithText toggleKey={def.key} textDef={text} values={values} save={save} />;
    return <SettingSwitch settingKey={def.key} value={values[def.key]} onChange={(value) => save(def.key, value)} />;
  }
  if (def.kind === 'choice') return <SettingChoice settingKey={def.key} value={values[def.key]} choices={def.choices} onChange={(value) => save(def.key, value)} />;
  if (def.kind === 'number') return <SettingNumber settingKey={def.key} values={values} save={save} />;
  return <SettingText def={def} values={values} save={save} />;
}

/** Every company setting by group; each change is saved at once (spec/2 §4). */
export default function OptionsTab({ settings }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { values, error, isLoading, save } = settings;

  if (isLoading) return <CircularProgress sx={{ m: 4 }} />;
  if (error) return <Alert severity="error">{t('errors.listLoad')}</Alert>;

  return (
    <Box data-testid="settings-options" sx={{ p: 2, columnCount: { xs: 1, lg: 2 }, columnGap: 2 }}>
      {visibleGroups(user).map((group) => (
        <Paper key={group.id} variant="outlined" sx={{ p: 2, mb: 2, breakInside: 'avoid' }} data-testid={`settings-group-${group.id}`}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>{t(`settings.groups.${group.id}.title`)}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{t(`settings.groups.${group.id}.description`)}</Typography>
          <Stack spacing={2}>
            {group.settings.filter((def) => !(def.requiredBy && group.settings.some((other) => other.key === def.requiredBy))).map((def) => (
              <SettingControl key={def.key} def={def} group={group} values={values} save={save} />
            ))}
          </Stack>
        </Paper>
      ))}
    </Box>
  );
}
