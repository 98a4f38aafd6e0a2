import { Chip, Tooltip, Typography } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { useTranslation } from 'react-i18next';
import DataTable from '../../../components/DataTable';
import { canEditQuickMessage, mediaNameOf } from '../api/quickMessageForm';

const PREVIEW = 90;

const preview = (text) => (text && text.length > PREVIEW ? `${text.slice(0, PREVIEW)}…` : text);

function scopeOf(record) {
  if (record.geral) return { key: 'geral', color: 'primary' };
  if (record.visao) return { key: 'visao', color: 'info' };
  return { key: 'private', color: 'default' };
}

function ScopeChip({ record }) {
  const { t } = useTranslation();
  const { key, color } = scopeOf(record);
  return <Chip size="small" variant="outlined" color={color} label={t(`quickMessages.scope.${key}`)} />;
}

function MediaIcon({ record }) {
  const media = mediaNameOf(record);
  return media ? <Tooltip title={media}><AttachFileIcon fontSize="small" data-testid="quick-message-has-media" /></Tooltip> : null;
}

const COLUMNS = [
  { key: 'shortcode', sx: { fontWeight: 500 }, render: (record) => `/${record.shortcode}` },
  {
    key: 'message',
    sx: { maxWidth: 420 },
    render: (record) => <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>{preview(record.message)}</Typography>,
  },
  { key: 'media', align: 'center', render: (record) => <MediaIcon record={record} /> },
  { key: 'scope', align: 'center', render: (record) => <ScopeChip record={record} /> },
];

/** Quick messages; others' private-but-visible ones open read-only and cannot be deleted. */
export default function QuickMessagesTable({ records, user, loading, onEdit, onDelete }) {
  const { t } = useTranslation();
  const editable = (record) => canEditQuickMessage(record, user);
  return (
    <DataTable
      testId="quick-messages-table"
      item="quick-message"
      labels="quickMessages.columns"
      columns={COLUMNS}
      rows={records}
      rowData={(record) => ({ shortcode: record.shortcode })}
      loading={loading}
      emptyText={t('quickMessages.empty')}
      onEdit={onEdit}
      canEdit={editable}
      viewLabel={t('quickMessages.view')}
      onDelete={onDelete}
      canDelete={editable}
      deleteTitle={(record) => t('quickMessages.deleteTitle', { shortcode: record.shortcode })}
      deleteMessage={t('quickMessages.deleteMessage')}
      deletedMessage={t('quickMessages.deleted')}
    />
  );
}
