import { useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import ListPage from '../../../components/ListPage';
import ConfirmationDialog from '../../../components/ConfirmationDialog';
import useCompanyEvent from '../../../hooks/useCompanyEvent';
import useDebouncedValue from '../../../hooks/useDebouncedValue';
import usePagedList from '../../../hooks/usePagedList';
import { toast } from '../../../services/toast';
import { isAdmin } from '../../../utils/permissions';
import toastError from '../../../utils/toastError';
import { useAuth } from '../../auth/hooks/useAuth';
import { CONTACTS_PATH, TAGS_LIST_PATH, deleteContact, setContactActive, tagsFromList } from '../api/contactsApi';
import { contactTagParam } from '../api/contactForm';
import ContactModal from '../components/ContactModal';
import ContactsTable from '../components/ContactsTable';
import StartTicketModal from '../components/StartTicketModal';
import TagFilter from '../components/TagFilter';

const SEARCH_DEBOUNCE = 500;

export default function ContactsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [search, setSearch] = useState('');
  const [tagIds, setTagIds] = useState([]);
  const searchParam = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE);
  const list = usePagedList(CONTACTS_PATH, 'contacts', { searchParam, contactTag: contactTagParam(tagIds) });
  const { data: tagList } = useSWR(TAGS_LIST_PATH);
  const [modal, setModal] = useState({ open: false, contactId: null });
  const [starting, setStarting] = useState(null);
  const [deleting, setDeleting] = useState(null);
  const filtered = Boolean(searchParam || tagIds.length);

  useCompanyEvent('contact', (data) => {
    if (data?.action === 'create' && data.contact && !filtered) list.upsert(data.contact);
    if (data?.action === 'update' && data.contact) list.update(data.contact);
    if (data?.action === 'delete') list.remove(data.contactId ?? data.contact?.id);
  });

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

  const confirmDelete = async () => {
    try {
      await deleteContact(deleting.id);
      list.remove(deleting.id);
      toast.success(t('contacts.deleted'));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <ListPage
      testId="contacts"
      title={`${t('contacts.title')}${typeof list.count === 'number' ? ` (${list.count})` : ''}`}
      search={search}
      onSearch={setSearch}
      addLabel={t('contacts.add')}
      onAdd={() => setModal({ open: true, contactId: null })}
      filters={<TagFilter tags={tagsFromList(tagList)} value={tagIds} onChange={setTagIds} />}
      error={list.error}
      loading={list.loading}
      onEndReached={list.loadMore}
      dialogs={(
        <>
          <ContactModal
            open={modal.open}
            contactId={modal.contactId}
            onClose={() => setModal({ open: false, contactId: null })}
            onSaved={modal.contactId ? list.update : list.upsert}
          />
          <StartTicketModal contact={starting} onClose={() => setStarting(null)} />
          <ConfirmationDialog
            open={Boolean(deleting)}
            title={t('contacts.deleteTitle', { name: deleting?.name })}
            confirmLabel={t('common.delete')}
            onConfirm={confirmDelete}
            onClose={() => setDeleting(null)}
            testId="contact-delete-dialog"
          >
            {t('contacts.deleteMessage')}
          </ConfirmationDialog>
        </>
      )}
    >
        <ContactsTable
          contacts={list.items}
          empty={!list.loading && !list.items.length}
          onStartTicket={setStarting}
          onEdit={(contact) => setModal({ open: true, contactId: contact.id })}
          onToggleBlock={toggleBlock}
          onDelete={isAdmin(user) ? setDeleting : null}
        />
    </ListPage>
  );
}
