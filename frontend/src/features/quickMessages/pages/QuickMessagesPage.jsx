import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import ListPage from '../../../components/ListPage';
import ConfirmationDialog from '../../../components/ConfirmationDialog';
import useCompanyEvent from '../../../hooks/useCompanyEvent';
import useDebouncedValue from '../../../hooks/useDebouncedValue';
import usePagedList from '../../../hooks/usePagedList';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import { useAuth } from '../../auth/hooks/useAuth';
import { QUICK_MESSAGES_PATH, deleteQuickMessage } from '../api/quickMessagesApi';
import QuickMessageModal from '../components/QuickMessageModal';
import QuickMessagesTable from '../components/QuickMessagesTable';

const SEARCH_DEBOUNCE = 500;

export default function QuickMessagesPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE);
  const list = usePagedList(QUICK_MESSAGES_PATH, 'records', { searchParam });
  const [modal, setModal] = useState({ open: false, record: null });
  const [deleting, setDeleting] = useState(null);

  // The server names this event 'quickemessage' (sic, as the spec's clients know it).
  useCompanyEvent('quickemessage', (data) => {
    if (data?.action === 'create' && data.record && !searchParam) list.upsert(data.record);
    if (data?.action === 'update' && data.record) list.update(data.record);
    if (data?.action === 'delete') list.remove(data.id ?? data.record?.id);
  });

  const confirmDelete = async () => {
    try {
      await deleteQuickMessage(deleting.id);
      list.remove(deleting.id);
      toast.success(t('quickMessages.deleted'));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <ListPage
      testId="quick-messages"
      title={t('quickMessages.title')}
      search={search}
      onSearch={setSearch}
      addLabel={t('quickMessages.add')}
      onAdd={() => setModal({ open: true, record: null })}
      error={list.error}
      loading={list.loading}
      onEndReached={list.loadMore}
      dialogs={(
        <>
          <QuickMessageModal
            open={modal.open}
            record={modal.record}
            onClose={() => setModal({ open: false, record: null })}
            onSaved={modal.record ? list.update : list.upsert}
          />
          <ConfirmationDialog
            open={Boolean(deleting)}
            title={t('quickMessages.deleteTitle', { shortcode: deleting?.shortcode })}
            confirmLabel={t('common.delete')}
            onConfirm={confirmDelete}
            onClose={() => setDeleting(null)}
            testId="quick-message-delete-dialog"
          >
            {t('quickMessages.deleteMessage')}
          </ConfirmationDialog>
        </>
      )}
    >
        <QuickMessagesTable
          records={list.items}
          user={user}
          empty={!list.loading && !list.items.length}
          onEdit={(record) => setModal({ open: true, record })}
          onDelete={setDeleting}
        />
    </ListPage>
  );
}
