import { useTranslation } from 'react-i18next';
import DataTable from '../../../components/DataTable';
import WhatsappMark from './WhatsappMark';

const COLUMNS = [
  { key: 'whatsapp', align: 'center', render: (item) => <WhatsappMark item={item} /> },
  { key: 'name', sx: { fontWeight: 500 }, render: (item) => item.name },
  { key: 'number', render: (item) => item.number },
  { key: 'email', render: (item) => item.email },
];

/** The contacts of a list with their WhatsApp mark; edit, delete after a confirmation. */
export default function ContactListItemsTable({ items, loading, onEdit, onDelete }) {
  const { t } = useTranslation();
  return (
    <DataTable
      testId="contact-list-items-table"
      item="contact-list-item"
      labels="contactLists.items.columns"
      columns={COLUMNS}
      rows={items}
      rowData={(item) => ({ number: item.number })}
      loading={loading}
      emptyText={t('contactLists.items.empty')}
      onEdit={onEdit}
      onDelete={onDelete}
      deleteTitle={(item) => t('contactLists.items.deleteTitle', { name: item.name })}
      deleteMessage={t('contactLists.items.deleteMessage')}
      deletedMessage={t('contactLists.items.deleted')}
    />
  );
}
