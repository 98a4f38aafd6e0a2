import { Box, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import DataTable from '../../../components/DataTable';

const COLUMNS = [
  { key: 'id', align: 'center', render: (queue) => queue.id },
  { key: 'name', render: (queue) => queue.name },
  {
    key: 'color',
    align: 'center',
    render: (queue) => (
      <Tooltip title={queue.color}>
        <Box data-testid="queue-swatch" sx={{ width: 60, height: 20, mx: 'auto', borderRadius: 1, bgcolor: queue.color, border: 1, borderColor: 'divider' }} />
      </Tooltip>
    ),
  },
  { key: 'orderQueue', align: 'center', render: (queue) => queue.orderQueue },
  {
    key: 'greetingMessage',
    sx: { maxWidth: 360 },
    render: (queue) => <Typography variant="body2" noWrap title={queue.greetingMessage}>{queue.greetingMessage}</Typography>,
  },
];

/** Queues; onDelete(queue) runs once the deletion is confirmed. */
export default function QueuesTable({ queues, loading, onEdit, onDelete }) {
  const { t } = useTranslation();
  return (
    <DataTable
      testId="queues-table"
      item="queue"
      labels="queues.columns"
      columns={COLUMNS}
      rows={queues}
      rowData={(queue) => ({ name: queue.name })}
      loading={loading}
      emptyText={t('queues.empty')}
      onEdit={onEdit}
      onDelete={onDelete}
      deleteTitle={(queue) => t('queues.deleteTitle', { name: queue.name })}
      deleteMessage={t('queues.deleteMessage')}
      deletedMessage={t('queues.deleted')}
    />
  );
}
