import { useTranslation } from 'react-i18next';
import DataTable from '../../../components/DataTable';

const COLUMNS = [
  { key: 'name', render: (p) => p.name },
  { key: 'queue', render: (p) => p.queue?.name || '—' },
  { key: 'maxTokens', align: 'center', render: (p) => p.maxTokens },
];

/**
 * The company's prompts; onDelete(prompt) runs once the deletion is confirmed. The deletion is
 * confirmed by an info toast (spec/3 "DELETE /prompt/{id}"), in the language in use: the
 * server's message ('Prompt deletado') is always Portuguese.
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
      deletedMessage={t('prompts.deleted')}
      deletedToast="info"
    />
  );
}
