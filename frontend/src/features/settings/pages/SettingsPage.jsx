import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Box, Paper, Tab, Tabs, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import OptionsTab from '../components/OptionsTab';

const TABS = [{ value: 'options', labelKey: 'settings.tabs.options', Component: OptionsTab }];

export default function SettingsPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  // ?tab= opens a tab by its value (the sandbox panel links to the hours the bot reads).
  const [tab, setTab] = useState(() => (TABS.some((item) => item.value === search.get('tab')) ? search.get('tab') : TABS[0].value));
  const { Component } = TABS.find((item) => item.value === tab);
  return (
    <Box sx={{ p: 2 }} data-testid="settings-page">
      <Typography variant="h5" sx={{ mb: 2 }}>{t('settings.title')}</Typography>
      <Paper variant="outlined">
        <Tabs value={tab} onChange={(_, value) => setTab(value)} sx={{ borderBottom: 1, borderColor: 'divider' }}>
          {TABS.map((item) => (
            <Tab key={item.value} value={item.value} label={t(item.labelKey)} data-testid={`settings-tab-${item.value}`} />
          ))}
        </Tabs>
        <Component />
      </Paper>
    </Box>
  );
}
