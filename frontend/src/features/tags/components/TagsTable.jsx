import { Box, Chip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import DataTable from '../../../components/DataTable';
import { contrastText } from '../../../utils/colors';

const COLUMNS = [
  { key: 'name', render: (tag) => <Chip label={tag.name} size="small" sx={{ bgcolor: tag.color, color: contrastText(tag.color) }} /> },
  {
    key: 'color',
    align: 'center',
    render: (tag) => (
      <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
        <Box sx={{ width: 16, height: 16, borderRadius: 0.5, bgcolor: tag.color, border: 1, borderColor: 'divider' }} />
        <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>{tag.color}</Typography>
      </Box>
    ),
  },
  { key: 'kanban', align: 'center', render: (tag, t) => (Number(tag.kanban) === 1 ? t('tags.yes') : t('tags.no')) },
];

/** Tags; onDelete(tag) runs once the deletion is confirmed. */
export default function TagsTable({ tags, loading, onEdit, onDelete }) {
  const { t } = useTranslation();
  return (
    <DataTable
      testId="tags-table"
      item="tag"
      labels="tags.columns"
      columns={COLUMNS}
      rows={tags}
      rowData={(tag) => ({ name: tag.name })}
      loading={loading}
      emptyText={t('tags.empty')}
      onEdit={onEdit}
      onDelete={onDelete}
      deleteTitle={(tag) => t('tags.deleteTitle', { name: tag.name })}
      deleteMessage={t('tags.deleteMessage')}
      deletedMessage={t('tags.deleted')}
    />
  );
}
