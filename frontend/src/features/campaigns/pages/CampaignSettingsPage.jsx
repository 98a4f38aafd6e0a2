import { useEffect, useState } from 'react';
import useSWR from 'swr';
import {
  Alert, Box, Button, FormControlLabel, IconButton, Paper, Stack, Switch, TextField, Typography,
} from '@mui/material';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import ConfirmationDialog from '../../../components/ConfirmationDialog';
import SelectField from '../../../components/SelectField';
import useForm from '../../../hooks/useForm';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import { saveCampaignSettings } from '../api/campaignsApi';
import {
  GREATER, INTERVALS, LONGER_AFTER, loosened, settingsPayload, settingsToForm, validateSettings,
} from '../api/campaignSettings';

function Section({ title, help, children }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6">{title}</Typography>
      {help && <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{help}</Typography>}
      <Stack spacing={2} sx={{ mt: 1 }}>{children}</Stack>
    </Paper>
  );
}

/** /campaigns-config: intervals, hours, weekend flags, custom variables and the governor. */
export default function CampaignSettingsPage() {
  const { t } = useTranslation();
  const { data, mutate } = useSWR('/campaign-settings');
  const form = useForm(settingsToForm([]));
  const [confirm, setConfirm] = useState(null);
  const [saving, setSaving] = useState(false);
  const { setValues } = form;
  useEffect(() => { if (data) setValues(settingsToForm(data)); }, [data, setValues]);

  const store = async (payload) => {
    setSaving(true);
    try {
      const saved = await saveCampaignSettings(payload);
      mutate(saved, false);
      toast.success(t('campaigns.settings.saved'));
    } catch (error) {
      form.applyServerErrors(error);
      toastError(error);
    } finally {
      setSaving(false);
    }
  };

  const submit = (event) => {
    event.preventDefault();
    if (!form.check({}, validateSettings(form.values))) return;
    const payload = settingsPayload(form.values);
    const fields = loosened(payload);
    if (fields.length) setConfirm({ payload, fields });
    else store(payload);
  };

  const seconds = (list, off) => list.map((n) => ({ value: n, label: n === 0 && off ? t('campaigns.settings.off') : t('campaigns.settings.seconds', { n }) }));
  const number = (name, props = {}) => (
    <TextField {...form.field(name)} type="number" label={t(`campaigns.settings.${name}`)} fullWidth {...props}
      slotProps={{ htmlInput: { 'data-testid': `campaign-settings-${name}` } }} />
  );
  const flag = (name) => (
    <FormControlLabel label={t(`campaigns.settings.${name}`)} control={(
      <Switch checked={Boolean(form.values[name])} onChange={(e) => form.setValue(name, e.target.checked)}
        slotProps={{ input: { 'data-testid': `campaign-settings-${name}` } }} />
    )} />
  );
  const variables = form.values.variables || [];
  const setVariable = (i, change) => form.setValue('variables', variables.map((v, j) => (i === j ? { ...v, ...change } : v)));

  return (
    <Box component="form" onSubmit={submit} sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2, overflowY: 'auto', height: '100%' }}
      data-testid="campaign-settings-page">
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography variant="h5" sx={{ flex: 1 }}>{t('campaigns.settings.title')}</Typography>
        <Button type="submit" variant="contained" disabled={saving || !data} data-testid="campaign-settings-save">{t('campaigns.settings.save')}</Button>
      </Stack>
      <Section title={t('campaigns.settings.intervals')}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <SelectField {...form.field('messageInterval')} label={t('campaigns.settings.messageInterval')} options={seconds(INTERVALS, true)}
            testId="campaign-settings-messageInterval" />
          <SelectField {...form.field('longerIntervalAfter')} label={t('campaigns.settings.longerIntervalAfter')}
            options={LONGER_AFTER.map((n) => ({ value: n, label: n === 0 ? t('campaigns.settings.off') : t('campaigns.settings.messages', { n }) }))}
            testId="campaign-settings-longerIntervalAfter" />
          <SelectField {...form.field('greaterInterval')} label={t('campaigns.settings.greaterInterval')} options={seconds(GREATER, true)}
            testId="campaign-settings-greaterInterval" />
        </Stack>
      </Section>
      <Section title={t('campaigns.settings.hours')}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          <TextField {...form.field('startHour')} type="time" label={t('campaigns.settings.startHour')} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'campaign-settings-startHour' } }} />
          <TextField {...form.field('endHour')} type="time" label={t('campaigns.settings.endHour')} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'campaign-settings-endHour' } }} />
          {flag('sabado')}
          {flag('domingo')}
        </Stack>
      </Section>
      <Section title={t('campaigns.settings.variables')} help={t('campaigns.settings.variablesHelp')}>
        {form.errors.variables && <Alert severity="error">{t(form.errors.variables)}</Alert>}
        {variables.map((v, i) => (
          // eslint-disable-next-line react/no-array-index-key -- rows have no id; they are edited in place
          <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField size="small" label={t('campaigns.settings.key')} value={v.key} onChange={(e) => setVariable(i, { key: e.target.value })}
              slotProps={{ htmlInput: { 'data-testid': `campaign-variable-key-${i}` } }} />
            <TextField size="small" label={t('campaigns.settings.value')} value={v.value} sx={{ flex: 1 }}
              onChange={(e) => setVariable(i, { value: e.target.value })} slotProps={{ htmlInput: { 'data-testid': `campaign-variable-value-${i}` } }} />
            <IconButton onClick={() => form.setValue('variables', variables.filter((_, j) => j !== i))} aria-label={t('common.delete')}>
              <DeleteOutlinedIcon />
            </IconButton>
          </Stack>
        ))}
        <Box>
          <Button onClick={() => form.setValue('variables', [...variables, { key: '', value: '' }])} data-testid="campaign-variable-add">
            {t('campaigns.settings.addVariable')}
          </Button>
        </Box>
      </Section>
      <Section title={t('campaigns.settings.governor')} help={t('campaigns.settings.governorHelp')}>
        <TextField {...form.field('governorWarmup')} label={t('campaigns.settings.governorWarmup')} fullWidth
          helperText={form.field('governorWarmup').helperText || t('campaigns.settings.governorWarmupHelp')}
          slotProps={{ htmlInput: { 'data-testid': 'campaign-settings-governorWarmup' } }} />
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          {number('governorPerMinute')}
          {number('governorWindow')}
        </Stack>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          {number('governorMaxFailurePct')}
          {number('governorMinDeliveredPct')}
          {number('governorMinReadPct')}
        </Stack>
      </Section>
      <ConfirmationDialog
        open={Boolean(confirm)}
        testId="campaign-settings-loosen"
        title={t('campaigns.settings.loosenTitle')}
        confirmLabel={t('campaigns.settings.loosenConfirm')}
        onConfirm={() => store(confirm.payload)}
        onClose={() => setConfirm(null)}
      >
        {confirm && t('campaigns.settings.loosenMessage', { fields: confirm.fields.map((f) => t(`campaigns.settings.${f}`)).join(', ') })}
      </ConfirmationDialog>
    </Box>
  );
}
