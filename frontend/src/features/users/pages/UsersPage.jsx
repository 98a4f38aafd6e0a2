import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import ListPage from '../../../components/ListPage';
import ConfirmationDialog from '../../../components/ConfirmationDialog';
import useDebouncedValue from '../../../hooks/useDebouncedValue';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import { useAuth } from '../../auth/hooks/useAuth';
import { deleteUser } from '../api/usersApi';
import useUserEvents from '../hooks/useUserEvents';
import useUsersList from '../hooks/useUsersList';
import UserModal from '../components/UserModal';
import UsersTable from '../components/UsersTable';

const SEARCH_DEBOUNCE = 500;

export default function UsersPage() {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim().toLowerCase(), SEARCH_DEBOUNCE);
  const list = useUsersList(searchParam);
  const [modal, setModal] = useState({ open: false, userId: null });
  const [deleting, setDeleting] = useState(null);

  useUserEvents(me.companyId ?? me.company?.id, list);


  const confirmDelete = async () => {
    try {
      await deleteUser(deleting.id);
      list.remove(deleting.id);
      toast.success(t('users.deleted'));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <ListPage
      testId="users"
      title={t('users.title')}
      search={search}
      onSearch={setSearch}
      addLabel={t('users.add')}
      onAdd={() => setModal({ open: true, userId: null })}
      error={list.error}
      loading={list.loading}
      onEndReached={list.loadMore}
      dialogs={(
        <>
          <UserModal
            open={modal.open}
            userId={modal.userId}
            onClose={() => setModal({ open: false, userId: null })}
            onSaved={list.upsert}
          />
          <ConfirmationDialog
            open={Boolean(deleting)}
            title={t('users.deleteTitle', { name: deleting?.name })}
            confirmLabel={t('common.delete')}
            onConfirm={confirmDelete}
            onClose={() => setDeleting(null)}
            testId="user-delete-dialog"
          >
            {t('users.deleteMessage')}
          </ConfirmationDialog>
        </>
      )}
    >
        <UsersTable
          users={list.users}
          empty={!list.loading && !list.users.length}
          onEdit={(user) => setModal({ open: true, userId: user.id })}
          onDelete={setDeleting}
        />
    </ListPage>
  );
}
