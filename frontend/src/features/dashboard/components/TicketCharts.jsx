import useSWR from 'swr';
import { Alert, Box, Paper, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import { TICKETS_DAY_PATH, TICKETS_USERS_PATH, chartParams } from '../api/dashboardApi';

function ChartBox({ title, testId, labels, values, label, emptyText }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      <Typography variant="subtitle1" gutterBottom>{title}</Typography>
      {values.length === 0 || values.every((v) => v === 0)
        ? <Typography color="text.secondary" data-testid={`${testId}-empty`}>{emptyText}</Typography>
        : <BarChart height={300} xAxis={[{ scaleType: 'band', data: labels }]} series={[{ data: values, label }]} />}
    </Paper>
  );
}

/** The two bar charts of the attendants tab: tickets per attendant, tickets per day (hour for one day). */
export default function TicketCharts({ range }) {
  const { t } = useTranslation();
  const params = chartParams(range);
  const users = useSWR([TICKETS_USERS_PATH, params]);
  const days = useSWR([TICKETS_DAY_PATH, params]);
  if (users.error || days.error) return <Alert severity="error">{t('dashboard.chartError')}</Alert>;
  const perUser = users.data?.data || [];
  const perDay = days.data?.data || [];
  const hourly = days.data?.unit === 'hour';
  const dayLabel = (l) => (hourly ? `${l}h` : `${l.slice(8, 10)}/${l.slice(5, 7)}`);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <ChartBox
        title={t('dashboard.charts.perUser')} testId="chart-users" label={t('dashboard.charts.tickets')} emptyText={t('dashboard.charts.empty')}
        labels={perUser.map((u) => u.name)} values={perUser.map((u) => u.count)}
      />
      <ChartBox
        title={t(hourly ? 'dashboard.charts.perHour' : 'dashboard.charts.perDay')} testId="chart-days" label={t('dashboard.charts.tickets')}
        emptyText={t('dashboard.charts.empty')} labels={perDay.map((d) => dayLabel(d.label))} values={perDay.map((d) => d.count)}
      />
    </Box>
  );
}
