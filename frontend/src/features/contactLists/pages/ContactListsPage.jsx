import { useTranslation } from 'react-i18next';
import ListPage from '../../../components/ListPage';
import useEditModal from '../../../hooks/useEditModal';
import useListEvents from '../../../hooks/useListEvents';
import usePagedList from '../../../hooks/usePagedList';
import useSearchText from '../../../hooks/useSearchText';
import toastError from '../../../utils/toastError';
import { CONTACT_LISTS_PATH, EXAMPLE_PATH, deleteContactList, downloadFile } from '../api/contactListsApi';
import ContactListModal from '../components/ContactListModal';
import ContactListsTable from '../components/ContactListsTable';

export const EXAMPLE_NAME = 'modelo-lista-de-contatos.xlsx';

/** /contact-lists: the company's contact lists (spec/3). */
export default function ContactListsPage() {
  const { t } = useTranslation();
  const search = useSearchText((text) => text.toLowerCase());
  const list = usePagedList(CONTACT_LISTS_PATH, 'records', { searchParam: search.param });
  const modal = useEditModal();

  useListEvents('ContactList', list, { filtered: Boolean(search.param), item: 'record', idKey: 'id' });

  const remove = async (record) => {
    await deleteContactList(record.id);
    list.remove(record.id);
  };

  return (
    <ListPage
      testId="contact-lists"
      title={t('contactLists.title')}
      search={search}
      addLabel={t('contactLists.add')}
      onAdd={modal.add}
      error={list.error}
      onEndReached={list.loadMore}
      dialogs={(
        <ContactListModal
          open={modal.open}
          record={modal.record}
          onClose={modal.close}
          onSaved={modal.saved(list)}
        />
      )}
    >
      <ContactListsTable
        records={list.items}
        loading={list.loading}
        onExample={() => downloadFile(EXAMPLE_PATH, EXAMPLE_NAME).catch(toastError)}
        onEdit={modal.edit}
        onDelete={remove}
      />
    </ListPage>
  );
}
