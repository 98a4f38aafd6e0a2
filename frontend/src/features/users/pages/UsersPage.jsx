import { useTranslation } from 'react-i18next';
import ListPage from '../../../components/ListPage';
import useEditModal from '../../../hooks/useEditModal';
import usePagedList from '../../../hooks/usePagedList';
import useListEvents from '../../../hooks/useListEvents';
import useSearchText from '../../../hooks/useSearchText';
import { USERS_PATH, deleteUser } from '../api/usersApi';
import UserModal from '../components/UserModal';
import UsersTable from '../components/UsersTable';

const lowercase = (text) => text.toLowerCase();

export default function UsersPage() {
  const { t } = useTranslation();
  const search = useSearchText(lowercase);
  const list = usePagedList(USERS_PATH, 'users', { searchParam: search.param });
  const modal = useEditModal();

  // Presence and profile changes arrive as update events.
  useListEvents('user', list, { filtered: Boolean(search.param) });

  const remove = async (user) => {
    await deleteUser(user.id);
    list.remove(user.id);
  };

  return (
    <ListPage
      testId="users"
      title={t('users.title')}
      search={search}
      addLabel={t('users.add')}
      onAdd={modal.add}
      error={list.error}
      onEndReached={list.loadMore}
      dialogs={(
        <UserModal
          open={modal.open}
          userId={modal.record}
          onClose={modal.close}
          onSaved={list.upsert}
        />
      )}
    >
      <UsersTable
        users={list.items}
        loading={list.loading}
        onEdit={(user) => modal.edit(user.id)}
        onDelete={remove}
      />
    </ListPage>
  );
}
