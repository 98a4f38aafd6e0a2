import { useState } from 'react';
import useSWR from 'swr';
import { Alert, Box, Button, LinearProgress, Paper, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/hooks/useAuth';
import toastError from '../../../utils/toastError';
import {
  DASHBOARD_PATH, defaultRange, exportAttendants, rangeParams, rangeReady,
} from '../api/dashboardApi';
import IndicatorCards from '../components/IndicatorCards';
import NpsCards from '../components/NpsCards';
import AttendantsTable from '../components/AttendantsTable';
import TicketCharts from '../components/TicketCharts';

/** The dashboard (/): a date filter (first of the month to today) over three tabs. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [range, setRange] = useState(() => defaultRange(user?.company?.timezone));
  const [tab, setTab] = useState('indicators');
  const ready = rangeReady(range);
  const { data, error, isLoading } = useSWR(ready ? [DASHBOARD_PATH, rangeParams(range)] : null, { keepPreviousData: true });
  const setDate = (key) => (event) => setRange((r) => ({ ...r, [key]: event.target.value }));

  return (
    <Box sx={{ p: 2 }} data-testid="dashboard">
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Typography variant="h6" sx={{ flexGrow: 1 }}>{t('dashboard.title')}</Typography>
          <TextField
            type="date" size="small" label={t('dashboard.from')} value={range.from} onChange={setDate('from')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'dash-from' } }}
          />
          <TextField
            type="date" size="small" label={t('dashboard.to')} value={range.to} onChange={setDate('to')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'dash-to' } }}
          />
        </Stack>
      </Paper>
      <Tabs value={tab} onChange={(_, v) => setTab(v)} sx={{ mb: 2 }} variant="scrollable">
        <Tab value="indicators" label={t('dashboard.tabs.indicators')} data-testid="dash-tab-indicators" />
        <Tab value="nps" label={t('dashboard.tabs.nps')} data-testid="dash-tab-nps" />
        <Tab value="attendants" label={t('dashboard.tabs.attendants')} data-testid="dash-tab-attendants" />
      </Tabs>
      {!ready && <Alert severity="info" data-testid="dash-need-filter">{t('dashboard.needFilter')}</Alert>}
      {ready && error && <Alert severity="error">{t('dashboard.loadError')}</Alert>}
      {ready && isLoading && <LinearProgress />}
      {ready && data && (
        <>
          {tab === 'indicators' && <IndicatorCards counters={data.counters} />}
          {tab === 'nps' && <NpsCards counters={data.counters} />}
          {tab === 'attendants' && (
            <Stack spacing={2}>
              <Box>
                <Button
                  variant="outlined" startIcon={<FileDownloadOutlinedIcon />} data-testid="dash-export"
                  onClick={() => exportAttendants(range).catch(toastError)}
                >
                  {t('dashboard.export')}
                </Button>
              </Box>
              <AttendantsTable rows={data.attendants} />
              <TicketCharts range={range} />
            </Stack>
          )}
        </>
      )}
    </Box>
  );
}
