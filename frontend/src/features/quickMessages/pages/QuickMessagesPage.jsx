import { useTranslation } from 'react-i18next';
import ListPage from '../../../components/ListPage';
import useEditModal from '../../../hooks/useEditModal';
import useListEvents from '../../../hooks/useListEvents';
import usePagedList from '../../../hooks/usePagedList';
import useSearchText from '../../../hooks/useSearchText';
import { useAuth } from '../../auth/hooks/useAuth';
import { QUICK_MESSAGES_PATH, deleteQuickMessage } from '../api/quickMessagesApi';
import QuickMessageModal from '../components/QuickMessageModal';
import QuickMessagesTable from '../components/QuickMessagesTable';

export default function QuickMessagesPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const search = useSearchText();
  const list = usePagedList(QUICK_MESSAGES_PATH, 'records', { searchParam: search.param });
  const modal = useEditModal();

  // The server names this event 'quickemessage' (sic, as the spec's clients know it).
  useListEvents('quickemessage', list, { filtered: Boolean(search.param), item: 'record', idKey: 'id' });

  const remove = async (record) => {
    await deleteQuickMessage(record.id);
    list.remove(record.id);
  };

  return (
    <ListPage
      testId="quick-messages"
      title={t('quickMessages.title')}
      search={search}
      addLabel={t('quickMessages.add')}
      onAdd={modal.add}
      error={list.error}
      onEndReached={list.loadMore}
      dialogs={(
        <QuickMessageModal
          open={modal.open}
          record={modal.record}
          onClose={modal.close}
          onSaved={modal.saved(list)}
        />
      )}
    >
      <QuickMessagesTable
        records={list.items}
        user={user}
        loading={list.loading}
        onEdit={modal.edit}
        onDelete={remove}
      />
    </ListPage>
  );
}
