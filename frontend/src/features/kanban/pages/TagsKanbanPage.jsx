import { useState } from 'react';
import useSWR from 'swr';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import DataTable from '../../../components/DataTable';
import LaneModal from '../components/LaneModal';
import { LANES_PATH, deleteLane } from '../api/kanbanApi';

/** /TagsKanban: the kanban lanes (tag chip, ticket count, actions) and 'Voltar para o Kanban'. */
export default function TagsKanbanPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, isLoading, mutate } = useSWR(LANES_PATH);
  const lanes = data?.lista || [];
  const [editing, setEditing] = useState({ open: false, lane: null });
  const columns = [
    { key: 'name', render: (l) => <Chip label={l.name} size="small" sx={{ bgcolor: l.color, color: '#fff' }} /> },
    { key: 'tickets', align: 'center', render: (l) => l.ticketCount ?? 0 },
  ];
  return (
    <Box sx={{ p: 2 }} data-testid="tags-kanban-page">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" sx={{ flex: 1 }}>{t('kanban.lanesTitle')}</Typography>
        <Button variant="outlined" onClick={() => navigate('/Kanban')} data-testid="tags-kanban-back">{t('kanban.back')}</Button>
        <Button variant="contained" onClick={() => setEditing({ open: true, lane: null })} data-testid="tags-kanban-add">
          {t('kanban.lane.addTitle')}
        </Button>
      </Stack>
      <DataTable
        testId="tags-kanban-table"
        item="lane"
        labels="kanban.columns"
        columns={columns}
        rows={lanes}
        loading={isLoading}
        emptyText={t('kanban.noLanes')}
        onEdit={(lane) => setEditing({ open: true, lane })}
        onDelete={async (lane) => { await deleteLane(lane.id); mutate(); }}
        deleteTitle={(lane) => t('kanban.deleteTitle', { name: lane.name })}
        deleteMessage={t('kanban.deleteMessage')}
        deletedMessage={t('kanban.deleted')}
      />
      <LaneModal open={editing.open} lane={editing.lane} lanes={lanes}
        onClose={() => setEditing({ open: false, lane: null })} onSaved={() => mutate()} />
    </Box>
  );
}
