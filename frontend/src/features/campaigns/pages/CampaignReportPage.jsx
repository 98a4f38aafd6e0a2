import { useEffect, useMemo, useRef, useState } from 'react';
import useSWR from 'swr';
import { useParams, Link as RouterLink } from 'react-router';
import {
  Alert, Box, Button, Card, CardContent, Chip, Grid, MenuItem, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow,
  TextField, Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import useCompanyEvent from '../../../hooks/useCompanyEvent';
import usePagedList from '../../../hooks/usePagedList';
import useSearchText from '../../../hooks/useSearchText';
import { toast } from '../../../services/toast';
import toastError, { errorMessage } from '../../../utils/toastError';
import { cancelCampaign, restartCampaign, shippingsPath } from '../api/campaignsApi';
import { STATUS_COLORS, canCancel, canRestart, waitingReason } from '../api/campaignRules';
import { REFRESH_DEBOUNCE_MS, cards, shippingState } from '../api/report';
import ReportChart from '../components/ReportChart';

const STATES = ['toSend', 'asked', 'confirmed', 'sent', 'delivered', 'read', 'failed'];
const when = (iso) => (iso ? new Date(iso).toLocaleString() : '—');

function WaitingAlert({ campaign }) {
  const { t } = useTranslation();
  const reason = waitingReason(campaign);
  if (!reason) return null;
  const values = { ...reason.values, until: reason.values.until ? new Date(reason.values.until).toLocaleString() : '' };
  return <Alert severity={reason.severity} data-testid="campaign-waiting">{t(reason.key, values)}</Alert>;
}

function Counts({ report }) {
  const { t } = useTranslation();
  return (
    <Grid container spacing={2}>
      {cards(report.counts, { confirmation: report.campaign.confirmation }).map((c) => (
        <Grid key={c.key} size={{ xs: 6, sm: 4, md: 2 }}>
          <Card variant="outlined" data-testid={`campaign-count-${c.key}`}>
            <CardContent>
              <Typography variant="body2" color="text.secondary">{t(`campaigns.report.counts.${c.key}`)}</Typography>
              <Typography variant="h5" data-testid={`campaign-count-${c.key}-value`}>{c.value}</Typography>
              <Typography variant="caption" color="text.secondary">{c.percent}%</Typography>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}

function Contacts({ id, refreshSignal }) {
  const { t } = useTranslation();
  const search = useSearchText();
  const [state, setState] = useState('');
  const list = usePagedList(shippingsPath(id), 'records', { searchParam: search.param, state });
  const { reload } = list;
  useEffect(() => { if (refreshSignal) reload(); }, [refreshSignal, reload]);
  const onScroll = (e) => {
    const el = e.currentTarget;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < 100) list.loadMore();
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 1, alignItems: { sm: 'center' } }}>
        <Typography variant="h6" sx={{ flex: 1 }}>{t('campaigns.report.contacts')}</Typography>
        <TextField select size="small" label={t('campaigns.report.filter')} value={state} onChange={(e) => setState(e.target.value)}
          sx={{ minWidth: 180 }} slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'campaign-state-filter' } } }}>
          <MenuItem value="">{t('campaigns.report.all')}</MenuItem>
          {STATES.map((s) => <MenuItem key={s} value={s}>{t(`campaigns.report.state.${s}`)}</MenuItem>)}
        </TextField>
        <TextField size="small" placeholder={t('common.search')} value={search.text} onChange={(e) => search.setText(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'campaign-contacts-search' } }} />
      </Stack>
      <Box sx={{ maxHeight: 420, overflowY: 'auto' }} onScroll={onScroll}>
        <Table size="small" stickyHeader data-testid="campaign-contacts">
          <TableHead>
            <TableRow>
              {['name', 'number', 'state', 'deliveredAt', 'error'].map((c) => <TableCell key={c}>{t(`campaigns.report.columns.${c}`)}</TableCell>)}
            </TableRow>
          </TableHead>
          <TableBody>
            {list.items.map((s) => (
              <TableRow key={s.id} data-testid="campaign-contact-row" data-number={s.number} data-state={shippingState(s)}>
                <TableCell>{s.name}</TableCell>
                <TableCell>{s.number}</TableCell>
                <TableCell>{t(`campaigns.report.state.${shippingState(s)}`)}</TableCell>
                <TableCell>{when(s.deliveredAt)}</TableCell>
                <TableCell>{s.error}</TableCell>
              </TableRow>
            ))}
            {!list.loading && list.items.length === 0 && (
              <TableRow><TableCell colSpan={5}>{t('campaigns.report.empty')}</TableCell></TableRow>
            )}
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}

/**
 * A campaign's report: live counts, the chart, why it waits (hours, the governor…), and the
 * per-contact table. Campaign events for it (sends, receipts, replies) read it again, a
 * burst at most once a second; while it runs a slow poll covers a lost event.
 */
export default function CampaignReportPage() {
  const { t } = useTranslation();
  const { campaignId } = useParams();
  const id = Number(campaignId);
  const { data: report, error, mutate } = useSWR(`/campaigns/${id}/report`);
  const running = report?.campaign?.status === 'EM_ANDAMENTO';
  useSWR(running ? `/campaigns/${id}/report` : null, { refreshInterval: 15000 });
  const [refreshSignal, setRefreshSignal] = useState(0);
  const timer = useRef(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  useCompanyEvent('campaign', (data) => {
    const about = data?.campaignId ?? data?.record?.id;
    if (about !== id || timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      mutate();
      setRefreshSignal((n) => n + 1);
    }, REFRESH_DEBOUNCE_MS);
  });
  const campaign = report?.campaign;
  const act = useMemo(() => async (call, message) => {
    try {
      await call(id);
      toast.success(message);
      mutate();
    } catch (e) {
      toastError(e);
    }
  }, [id, mutate]);

  if (error) return <Box sx={{ p: 2 }}><Alert severity="error" data-testid="campaign-report-error">{errorMessage(error)}</Alert></Box>;
  if (!report) return null;
  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2, overflowY: 'auto', height: '100%' }} data-testid="campaign-report-page">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <Button component={RouterLink} to="/campaigns" startIcon={<ArrowBackIcon />}>{t('campaigns.report.back')}</Button>
        <Typography variant="h5" sx={{ flex: 1 }}>{t('campaigns.report.title')}: {campaign.name}</Typography>
        <Chip color={STATUS_COLORS[campaign.status]} label={t(`campaigns.status.${campaign.status}`)} data-testid="campaign-report-status" />
        {canCancel(campaign) && (
          <Button color="error" variant="outlined" onClick={() => act(cancelCampaign, t('campaigns.canceled'))} data-testid="campaign-report-cancel">
            {t('campaigns.actions.cancel')}
          </Button>
        )}
        {canRestart(campaign) && (
          <Button variant="contained" onClick={() => act(restartCampaign, t('campaigns.restarted'))} data-testid="campaign-report-restart">
            {t('campaigns.actions.restart')}
          </Button>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('campaigns.report.connection')}: {campaign.whatsapp?.name || '—'} · {t('campaigns.report.contactList')}: {campaign.contactList?.name || '—'}
        {' · '}{t('campaigns.report.scheduledAt')}: {when(campaign.scheduledAt)} · {t('campaigns.report.completedAt')}: {when(campaign.completedAt)}
      </Typography>
      <WaitingAlert campaign={campaign} />
      <Counts report={report} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" sx={{ mb: 1 }}>{t('campaigns.report.chart')}</Typography>
        <ReportChart series={report.series} />
      </Paper>
      <Contacts id={id} refreshSignal={refreshSignal} />
    </Box>
  );
}
