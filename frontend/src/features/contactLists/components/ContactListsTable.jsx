import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import PeopleOutlinedIcon from '@mui/icons-material/PeopleOutlined';
import DataTable, { RowAction } from '../../../components/DataTable';

const COLUMNS = [
  { key: 'name', sx: { fontWeight: 500 }, render: (record) => record.name },
  { key: 'contactsCount', align: 'center', testId: 'contact-list-count', render: (record) => record.contactsCount ?? 0 },
];

/** The lists, with their row actions: example spreadsheet, open the contacts, edit, delete. */
export default function ContactListsTable({ records, loading, onExample, onEdit, onDelete }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <DataTable
      testId="contact-lists-table"
      item="contact-list"
      labels="contactLists.columns"
      columns={COLUMNS}
      rows={records}
      rowData={(record) => ({ name: record.name })}
      loading={loading}
      emptyText={t('contactLists.empty')}
      extraActions={(record) => (
        <>
          <RowAction title={t('contactLists.example')} onClick={() => onExample(record)} testId="contact-list-example">
            <DescriptionOutlinedIcon fontSize="small" />
          </RowAction>
          <RowAction title={t('contactLists.openContacts')} onClick={() => navigate(`/contact-lists/${record.id}/contacts`)}
            testId="contact-list-open">
            <PeopleOutlinedIcon fontSize="small" />
          </RowAction>
        </>
      )}
      onEdit={onEdit}
      onDelete={onDelete}
      deleteTitle={(record) => t('contactLists.deleteTitle', { name: record.name })}
      deleteMessage={t('contactLists.deleteMessage')}
      deletedMessage={t('contactLists.deleted')}
    />
  );
}
