import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  Box, Button, Checkbox, FormControlLabel, IconButton, LinearProgress, Paper, Stack, Table, TableBody, TableCell,
  TableHead, TablePagination, TableRow, TextField, Tooltip, Typography,
} from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import useDebouncedValue from '../../../hooks/useDebouncedValue';
import toastError from '../../../utils/toastError';
import { useAuth } from '../../auth/hooks/useAuth';
import TicketLogModal from '../../tickets/components/TicketLogModal';
import { formatDateTime } from '../../tickets/utils/format';
import MultiSelect from '../components/MultiSelect';
import {
  DEFAULT_PAGE_SIZE, PAGE_SIZES, REPORT_PATH, STATUSES, defaultFilters, exportReport, formatDuration, reportParams,
} from '../api/reportsApi';

const asArray = (data, key) => (Array.isArray(data) ? data : data?.[key] || []);
const options = (list) => list.map((x) => ({ value: x.id, label: x.name }));

/** /reports: the tickets report with filters, pages of 5/10/20/50 and the .xlsx export (spec/3). */
export default function ReportsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const [filters, setFilters] = useState(() => defaultFilters(user?.company?.timezone));
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [logTicket, setLogTicket] = useState(null);
  const [exporting, setExporting] = useState(false);
  const search = useDebouncedValue(filters.searchParam);
  const applied = useMemo(() => ({ ...filters, searchParam: search ?? '' }), [filters, search]);
  const params = reportParams(applied, page, pageSize);
  const { data, isLoading } = useSWR([REPORT_PATH, params], { keepPreviousData: true, onError: toastError });
  const { data: conns } = useSWR('/whatsapp');
  const { data: users } = useSWR('/users/list');
  const { data: queues } = useSWR('/queue');

  const set = (key) => (value) => { setFilters((f) => ({ ...f, [key]: value })); setPage(1); };
  const rows = data?.tickets || [];
  const total = data?.totalTickets?.total ?? 0;
  const capped = Boolean(data?.totalTickets?.capped);
  const statusOptions = STATUSES.map((s) => ({ value: s, label: t(`reports.status.${s}`) }));

  const doExport = async () => {
    setExporting(true);
    try {
      await exportReport(applied);
    } catch (err) {
      toastError(err);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Box sx={{ p: 2 }} data-testid="reports-page">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h5">{t('reports.title')}</Typography>
        <Button variant="contained" startIcon={<FileDownloadOutlinedIcon />} onClick={doExport} disabled={exporting}
          data-testid="reports-export">
          {t('reports.export')}
        </Button>
      </Stack>
      <Paper sx={{ p: 2, mb: 2 }}>
        <Stack sx={{ alignItems: 'center', flexWrap: 'wrap' }} direction="row" spacing={2} useFlexGap>
          <TextField size="small" label={t('reports.filters.contact')} value={filters.searchParam}
            helperText={t('reports.filters.contactHint')} onChange={(e) => set('searchParam')(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'reports-search' } }} />
          <MultiSelect label={t('reports.filters.connections')} options={options(asArray(conns, 'whatsapps'))}
            value={filters.whatsappIds} onChange={set('whatsappIds')} testId="reports-connections" />
          <MultiSelect label={t('reports.filters.users')} options={options(asArray(users, 'users'))}
            value={filters.users} onChange={set('users')} testId="reports-users" />
          <MultiSelect label={t('reports.filters.queues')} options={options(asArray(queues, 'queues'))}
            value={filters.queueIds} onChange={set('queueIds')} testId="reports-queues" />
          <MultiSelect label={t('reports.filters.status')} options={statusOptions}
            value={filters.status} onChange={set('status')} testId="reports-status" />
          <TextField size="small" type="date" label={t('reports.filters.dateFrom')} value={filters.dateFrom}
            onChange={(e) => set('dateFrom')(e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'reports-date-from' } }} />
          <TextField size="small" type="date" label={t('reports.filters.dateTo')} value={filters.dateTo}
            onChange={(e) => set('dateTo')(e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'reports-date-to' } }} />
          <FormControlLabel label={t('reports.filters.onlyRated')}
            control={<Checkbox checked={filters.onlyRated} onChange={(e) => set('onlyRated')(e.target.checked)}
              slotProps={{ input: { 'data-testid': 'reports-only-rated' } }} />} />
        </Stack>
      </Paper>
      <Paper>
        {isLoading && <LinearProgress />}
        <Table size="small" data-testid="reports-table">
          <TableHead>
            <TableRow>
              {['id', 'connection', 'contact', 'user', 'queue', 'status', 'lastMessage', 'createdAt', 'closedAt', 'supportTime', 'nps', 'actions']
                .map((c) => <TableCell key={c}>{t(`reports.columns.${c}`)}</TableCell>)}
            </TableRow>
          </TableHead>
          <TableBody>
            {!isLoading && rows.length === 0 && (
              <TableRow><TableCell colSpan={12} align="center" data-testid="reports-empty">{t('reports.empty')}</TableCell></TableRow>
            )}
            {rows.map((r) => (
              <TableRow key={r.id} data-testid="reports-row" data-id={r.id}>
                <TableCell>{r.id}</TableCell>
                <TableCell>{r.whatsappName}</TableCell>
                <TableCell>{r.contactName}</TableCell>
                <TableCell>{r.userName}</TableCell>
                <TableCell>{r.queueName}</TableCell>
                <TableCell>{t(`reports.status.${r.status}`, { defaultValue: r.status })}</TableCell>
                <TableCell sx={{ maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{r.lastMessage}</TableCell>
                <TableCell>{formatDateTime(r.createdAt)}</TableCell>
                <TableCell>{r.closedAt ? formatDateTime(r.closedAt) : ''}</TableCell>
                <TableCell data-testid="reports-support-time">{formatDuration(r.supportTime)}</TableCell>
                <TableCell data-testid="reports-nps">{r.NPS ?? ''}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={t('reports.actions.log')}>
                    <IconButton size="small" aria-label={t('reports.actions.log')} onClick={() => setLogTicket(r.id)}
                      data-testid="reports-log"><HistoryIcon fontSize="small" /></IconButton>
                  </Tooltip>
                  <Tooltip title={t('reports.actions.open')}>
                    <IconButton size="small" aria-label={t('reports.actions.open')} onClick={() => navigate(`/tickets/${r.uuid}`)}
                      data-testid="reports-open"><OpenInNewIcon fontSize="small" /></IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <TablePagination
          component="div"
          count={capped ? -1 : total}
          page={page - 1}
          onPageChange={(_, p) => setPage(p + 1)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          onRowsPerPageChange={(e) => { setPageSize(Number(e.target.value)); setPage(1); }}
          labelRowsPerPage={t('reports.rowsPerPage')}
          labelDisplayedRows={({ from, to }) => t(capped ? 'reports.displayedMany' : 'reports.displayed', { from, to, total })}
          slotProps={{ actions: { nextButton: { disabled: !data?.hasMore } } }}
          data-testid="reports-pagination"
        />
      </Paper>
      <TicketLogModal open={logTicket !== null} ticketId={logTicket} onClose={() => setLogTicket(null)} />
    </Box>
  );
}
