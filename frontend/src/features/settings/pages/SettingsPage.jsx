import { Suspense, lazy, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Box, CircularProgress, Paper, Tab, Tabs, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { showsCompanySchedules } from '../api/settingsCatalog';
import OptionsTab from '../components/OptionsTab';
import SchedulesTab from '../components/SchedulesTab';
import useSettings from '../hooks/useSettings';
import { useAuth } from '../../auth/hooks/useAuth';
import { isSuper } from '../../../utils/permissions';
import HelpsTab from '../../helps/components/HelpsTab';
import WhitelabelTab from '../../branding/components/WhitelabelTab';

// The operator's tabs load only when a super user opens them.
const CompaniesManager = lazy(() => import('../../companies/components/CompaniesManager'));
const PlansManager = lazy(() => import('../../plans/components/PlansManager'));

// Super users' tabs (spec/2 §2): companies and plans load only when opened.
const SUPER_TABS = ['companies', 'plans', 'helps', 'whitelabel'];
const PANES = { helps: HelpsTab, whitelabel: WhitelabelTab };

/**
 * Options, the company's hours while the company's hours are the ones in use, and for super
 * users the companies and plans of the platform (spec/2 §2).
 */
export default function SettingsPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const settings = useSettings();
  const { user } = useAuth();
  // ?tab= opens a tab by its value (the sandbox panel links to the hours the bot reads).
  const [tab, setTab] = useState(() => search.get('tab') || 'options');
  const tabs = ['options', ...(showsCompanySchedules(settings.values) ? ['schedules'] : []), ...(isSuper(user) ? SUPER_TABS : [])];
  const current = tabs.includes(tab) ? tab : 'options';
  const Pane = PANES[current];
  return (
    <Box sx={{ p: 2 }} data-testid="settings-page">
      <Typography variant="h5" sx={{ mb: 2 }}>{t('settings.title')}</Typography>
      <Paper variant="outlined">
        <Tabs value={current} onChange={(_, value) => setTab(value)} sx={{ borderBottom: 1, borderColor: 'divider' }}>
          {tabs.map((value) => (
            <Tab key={value} value={value} label={t(`settings.tabs.${value}`)} data-testid={`settings-tab-${value}`} />
          ))}
        </Tabs>
        {current === 'options' && <OptionsTab settings={settings} />}
        {current === 'schedules' && <SchedulesTab />}
        {Pane && <Pane />}
        <Suspense fallback={<Box sx={{ p: 4, textAlign: 'center' }}><CircularProgress /></Box>}>
          {current === 'companies' && <CompaniesManager />}
          {current === 'plans' && <PlansManager />}
        </Suspense>
      </Paper>
    </Box>
  );
}
