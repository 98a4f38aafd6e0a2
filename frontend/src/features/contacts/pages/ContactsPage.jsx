import { useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import ListPage from '../../../components/ListPage';
import useEditModal from '../../../hooks/useEditModal';
import useListEvents from '../../../hooks/useListEvents';
import usePagedList from '../../../hooks/usePagedList';
import useSearchText from '../../../hooks/useSearchText';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import { useAuth } from '../../auth/hooks/useAuth';
import {
  CONTACTS_PATH, TAGS_LIST_PATH, deleteContact, exportPath, setContactActive, tagsFromList,
} from '../api/contactsApi';
import { downloadFile } from '../../contactLists/api/contactListsApi';
import ExportContactsButton from '../components/ExportContactsButton';
import ImportExportMenu from '../../contactImport/components/ImportExportMenu';
import useCompanyEvent from '../../../hooks/useCompanyEvent';
import { contactTagParam } from '../api/contactForm';
import ContactModal from '../components/ContactModal';
import ContactsTable from '../components/ContactsTable';
import StartTicketModal from '../components/StartTicketModal';
import TagFilter from '../components/TagFilter';

export default function ContactsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const search = useSearchText();
  const [tagIds, setTagIds] = useState([]);
  const filters = { searchParam: search.param, contactTag: contactTagParam(tagIds) };
  const list = usePagedList(CONTACTS_PATH, 'contacts', filters);
  const { data: tagList } = useSWR(TAGS_LIST_PATH);
  const modal = useEditModal();
  const [starting, setStarting] = useState(null);

  useListEvents('contact', list, { filtered: Boolean(search.param || tagIds.length) });
  // An import ended: the list loads again.
  useCompanyEvent('contact', (data) => { if (data?.action === 'reload') list.reload(); });

  const toggleBlock = async (contact) => {
    const active = contact.active === false;
    try {
      const saved = await setContactActive(contact.id, active);
      list.update({ ...(saved && typeof saved === 'object' ? saved : {}), id: contact.id, active });
      toast.success(active ? t('contacts.unblocked') : t('contacts.blockedToast'));
    } catch (error) {
      toastError(error);
    }
  };

  const remove = async (contact) => {
    await deleteContact(contact.id);
    list.remove(contact.id);
  };

  return (
    <ListPage
      testId="contacts"
      title={t('contacts.title')}
      count={list.count}
      search={search}
      addLabel={t('contacts.add')}
      onAdd={modal.add}
      filters={(
        <>
          <TagFilter tags={tagsFromList(tagList)} value={tagIds} onChange={setTagIds} />
          <ExportContactsButton onExport={() => downloadFile(exportPath(filters), `${t('contacts.exportFile')}.xlsx`)} />
          <ImportExportMenu onExport={() => downloadFile(exportPath(filters), `${t('contacts.exportFile')}.xlsx`)} />
        </>
      )}
      error={list.error}
      onEndReached={list.loadMore}
      dialogs={(
        <>
          <ContactModal
            open={modal.open}
            contactId={modal.record}
            onClose={modal.close}
            onSaved={modal.saved(list)}
          />
          <StartTicketModal contact={starting} onClose={() => setStarting(null)} />
        </>
      )}
    >
      <ContactsTable
        contacts={list.items}
        loading={list.loading}
        user={user}
        onStartTicket={setStarting}
        onEdit={(contact) => modal.edit(contact.id)}
        onToggleBlock={toggleBlock}
        onDelete={remove}
      />
    </ListPage>
  );
}
