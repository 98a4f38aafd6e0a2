import { Chip, InputAdornment, Paper, Stack, TextField, Tooltip, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import DataTable from '../../../components/DataTable';
import useCompanyEvent from '../../../hooks/useCompanyEvent';
import usePagedList from '../../../hooks/usePagedList';
import useSearchText from '../../../hooks/useSearchText';
import { nearBottom } from '../../../utils/pagedItems';
import { SCHEDULES_PATH, deleteSchedule } from '../api/schedulesApi';
import { listChange, sendAtLabel, STATUS_COLORS } from '../api/scheduleList';

const COLUMNS = [
  { key: 'contact', sx: { fontWeight: 500 }, render: (s) => s.contact?.name || `#${s.contactId}` },
  {
    key: 'body',
    sx: { maxWidth: 320 },
    render: (s) => (
      <Tooltip title={s.body}>
        <Typography variant="body2" noWrap>{s.body}</Typography>
      </Tooltip>
    ),
  },
  { key: 'sendAt', testId: 'schedule-row-sendat', render: (s, t) => sendAtLabel(s, t) },
  { key: 'connection', render: (s) => s.whatsapp?.name || '' },
  {
    key: 'status',
    render: (s, t) => <Chip size="small" color={STATUS_COLORS[s.status] || 'default'} label={t(`schedules.status.${s.status}`)} />,
  },
];

/**
 * The schedules as a list (GET /schedules: searchParam, contactId, pages by sendAt): search
 * by text or contact name, more rows on scroll, edit, delete; follows company-{id}-schedule.
 */
export default function ScheduleList({ contactId, onEdit }) {
  const { t } = useTranslation();
  const search = useSearchText((text) => text.toLowerCase());
  const list = usePagedList(SCHEDULES_PATH, 'schedules', { searchParam: search.param, contactId });

  useCompanyEvent('schedule', (data) => {
    const change = listChange(data, { contactId, searching: Boolean(search.param) });
    if (change.kind === 'upsert') list.upsert(change.record);
    if (change.kind === 'update') list.update(change.record);
    if (change.kind === 'remove') list.remove(change.id);
  });

  const remove = async (s) => {
    await deleteSchedule(s.id);
    list.remove(s.id);
  };

  return (
    <Stack spacing={1} data-testid="schedules-list">
      <TextField
        size="small"
        placeholder={t('common.search')}
        value={search.text}
        onChange={(e) => search.setText(e.target.value)}
        sx={{ maxWidth: 360 }}
        slotProps={{
          input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> },
          htmlInput: { 'data-testid': 'schedules-search' },
        }}
      />
      <Paper variant="outlined" sx={{ height: 500, overflow: 'auto' }} data-testid="schedules-list-scroll"
        onScroll={(e) => nearBottom(e.currentTarget) && list.loadMore()}>
        <DataTable
          testId="schedules-table"
          item="schedule"
          labels="schedules.list"
          columns={COLUMNS}
          rows={list.items}
          rowData={(s) => ({ id: s.id, status: s.status })}
          loading={list.loading}
          emptyText={t('schedules.list.empty')}
          onEdit={onEdit}
          onDelete={remove}
          deleteTitle={() => t('schedules.deleteTitle')}
          deleteMessage={t('schedules.deleteMessage')}
          deletedMessage={t('schedules.deleted')}
        />
      </Paper>
    </Stack>
  );
}
