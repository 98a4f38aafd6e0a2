import { useCallback, useMemo, useState } from 'react';
import useSWR from 'swr';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, Chip, Paper, Stack, TextField, Typography } from '@mui/material';
import useCompanyEvent from '../../../hooks/useCompanyEvent';
import toastError from '../../../utils/toastError';
import { canSeeDashboard } from '../../../utils/permissions';
import { useAuth } from '../../auth/hooks/useAuth';
import KanbanCard from '../components/KanbanCard';
import {
  BOARD_PATH, DEFAULT_LANE, LANES_PATH, applyTicketEvent, groupCards, moveCard, moveTicket, today,
} from '../api/kanbanApi';

const quiet = { revalidateOnFocus: false, onError: (err) => console.error(err) }; // spec/3 §8: only logged

/** /Kanban: a lane per kanban tag plus the default lane; drag a card to move its tag. */
export default function KanbanPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const [dates, setDates] = useState(() => {
    const day = today(user?.company?.timezone);
    return { startDate: day, endDate: day };
  });
  const [applied, setApplied] = useState(dates);
  const [over, setOver] = useState(null);
  const { data: laneData, mutate: reloadLanes } = useSWR(LANES_PATH, quiet);
  const boardKey = [BOARD_PATH, applied];
  const { data: board, mutate } = useSWR(boardKey, quiet);
  const lanes = useMemo(() => laneData?.lista || [], [laneData]);
  const laneIds = useMemo(() => new Set(lanes.map((l) => l.id)), [lanes]);
  const grouped = useMemo(() => groupCards(board?.tickets || [], lanes), [board, lanes]);

  useCompanyEvent('ticket', useCallback((data) => {
    mutate((current) => applyTicketEvent(current, data), { revalidate: false });
  }, [mutate]));
  useCompanyEvent('tag', useCallback(() => { reloadLanes(); }, [reloadLanes]));

  const drop = async (lane, event) => {
    event.preventDefault();
    setOver(null);
    const id = Number(event.dataTransfer.getData('text/plain'));
    const card = board?.tickets.find((c) => c.id === id);
    if (!card) return;
    const before = board;
    mutate(moveCard(board, id, lane, laneIds), { revalidate: false });
    try {
      await moveTicket(id, lane);
    } catch (err) {
      mutate(before, { revalidate: false });
      toastError(err);
    }
  };

  const column = (id, name, color) => (
    <Paper
      key={id}
      data-testid="kanban-lane"
      data-lane={id}
      onDragOver={(e) => { e.preventDefault(); setOver(id); }}
      onDragLeave={() => setOver(null)}
      onDrop={(e) => drop(id, e)}
      sx={{ width: 280, flexShrink: 0, p: 1, bgcolor: over === id ? 'action.hover' : 'background.default', maxHeight: '75vh', overflowY: 'auto' }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Chip label={name} size="small" sx={color ? { bgcolor: color, color: '#fff' } : undefined} />
        <Typography variant="caption" data-testid="kanban-lane-count">{grouped[id]?.length ?? 0}</Typography>
      </Stack>
      {(grouped[id] || []).map((c) => <KanbanCard key={c.id} card={c} />)}
    </Paper>
  );

  return (
    <Box sx={{ p: 2 }} data-testid="kanban-page">
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" sx={{ flex: 1 }}>{t('kanban.title')}</Typography>
        <TextField size="small" type="date" label={t('kanban.startDate')} value={dates.startDate}
          onChange={(e) => setDates((d) => ({ ...d, startDate: e.target.value }))}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'kanban-start' } }} />
        <TextField size="small" type="date" label={t('kanban.endDate')} value={dates.endDate}
          onChange={(e) => setDates((d) => ({ ...d, endDate: e.target.value }))}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'kanban-end' } }} />
        <Button variant="contained" onClick={() => setApplied(dates)} data-testid="kanban-search">{t('kanban.search')}</Button>
        {canSeeDashboard(user) && (
          <Button variant="outlined" onClick={() => navigate('/TagsKanban')} data-testid="kanban-add-lanes">{t('kanban.addLanes')}</Button>
        )}
      </Stack>
      {board?.hasMore && <Alert severity="info" sx={{ mb: 1 }}>{t('kanban.hasMore')}</Alert>}
      <Stack direction="row" spacing={2} sx={{ overflowX: 'auto', pb: 2 }}>
        {column(DEFAULT_LANE, t('kanban.defaultLane'))}
        {lanes.map((l) => column(l.id, l.name, l.color))}
      </Stack>
    </Box>
  );
}
