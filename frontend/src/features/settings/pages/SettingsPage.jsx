import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Box, Paper, Tab, Tabs, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { showsCompanySchedules } from '../api/settingsCatalog';
import OptionsTab from '../components/OptionsTab';
import SchedulesTab from '../components/SchedulesTab';
import useSettings from '../hooks/useSettings';

/** Options, and the company's hours while the company's hours are the ones in use (spec/2 §2). */
export default function SettingsPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const settings = useSettings();
  // ?tab= opens a tab by its value (the sandbox panel links to the hours the bot reads).
  const [tab, setTab] = useState(() => search.get('tab') || 'options');
  const tabs = ['options', ...(showsCompanySchedules(settings.values) ? ['schedules'] : [])];
  const current = tabs.includes(tab) ? tab : 'options';
  return (
    <Box sx={{ p: 2 }} data-testid="settings-page">
      <Typography variant="h5" sx={{ mb: 2 }}>{t('settings.title')}</Typography>
      <Paper variant="outlined">
        <Tabs value={current} onChange={(_, value) => setTab(value)} sx={{ borderBottom: 1, borderColor: 'divider' }}>
          {tabs.map((value) => (
            <Tab key={value} value={value} label={t(`settings.tabs.${value}`)} data-testid={`settings-tab-${value}`} />
          ))}
        </Tabs>
        {current === 'options' ? <OptionsTab settings={settings} /> : <SchedulesTab />}
      </Paper>
    </Box>
  );
}
