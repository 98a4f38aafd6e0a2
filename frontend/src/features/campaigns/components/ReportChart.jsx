import { LineChart } from '@mui/x-charts/LineChart';
import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { cumulative } from '../api/report';

/** Cumulative sent, delivered, read and failed per minute. */
export default function ReportChart({ series }) {
  const { t } = useTranslation();
  const points = cumulative(series);
  if (points.length === 0) return <Typography color="text.secondary" data-testid="campaign-chart-empty">{t('campaigns.report.noChart')}</Typography>;
  const line = (key, color) => ({ dataKey: key, label: t(`campaigns.report.counts.${key}`), color, showMark: points.length < 30 });
  return (
    <LineChart
      height={260}
      dataset={points}
      xAxis={[{ dataKey: 'at', scaleType: 'time', valueFormatter: (d) => d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) }]}
      series={[line('sent', '#2563eb'), line('delivered', '#16a34a'), line('read', '#9333ea'), line('failed', '#dc2626')]}
      data-testid="campaign-chart"
    />
  );
}
