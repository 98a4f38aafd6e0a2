import { useTranslation } from 'react-i18next';
import DataTable from '../../../components/DataTable';

const COLUMNS = [
  { key: 'name', render: (l) => l.name },
  { key: 'options', align: 'center', render: (l) => (l.options || []).length },
];

/** The company's file lists; onDelete(list) runs once the deletion is confirmed. */
export default function FileListsTable({ lists, loading, onEdit, onDelete }) {
  const { t } = useTranslation();
  return (
    <DataTable
      testId="files-table"
      item="file"
      labels="files.columns"
      columns={COLUMNS}
      rows={lists}
      rowData={(l) => ({ name: l.name })}
      loading={loading}
      emptyText={t('files.empty')}
      onEdit={onEdit}
      onDelete={onDelete}
      deleteTitle={(l) => t('files.deleteTitle', { name: l.name })}
      deleteMessage={t('files.deleteMessage')}
      deletedMessage={t('files.deleted')}
    />
  );
}
