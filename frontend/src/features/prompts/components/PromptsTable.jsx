import { useTranslation } from 'react-i18next';
import DataTable from '../../../components/DataTable';

const COLUMNS = [
  { key: 'name', render: (p) => p.name },
  { key: 'queue', render: (p) => p.queue?.name || '—' },
  { key: 'maxTokens', align: 'center', render: (p) => p.maxTokens },
];

/**
 * The company's prompts; onDelete(prompt) runs once the deletion is confirmed and resolves the
 * server's answer, whose message is shown as info (spec/3 "DELETE /prompt/{id}").
 */
export default function PromptsTable({ prompts, loading, onEdit, onDelete }) {
  const { t } = useTranslation();
  return (
    <DataTable
      testId="prompts-table"
      item="prompt"
      labels="prompts.columns"
      columns={COLUMNS}
      rows={prompts}
      rowData={(p) => ({ name: p.name })}
      loading={loading}
      emptyText={t('prompts.empty')}
      onEdit={onEdit}
      onDelete={onDelete}
      deleteTitle={(p) => t('prompts.deleteTitle', { name: p.name })}
      deleteMessage={t('prompts.deleteMessage')}
      deletedMessage={(answer) => answer?.message || t('prompts.deleted')}
      deletedToast="info"
    />
  );
}
