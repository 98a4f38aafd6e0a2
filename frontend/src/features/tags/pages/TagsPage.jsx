import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import ListPage from '../../../components/ListPage';
import ConfirmationDialog from '../../../components/ConfirmationDialog';
import useCompanyEvent from '../../../hooks/useCompanyEvent';
import useDebouncedValue from '../../../hooks/useDebouncedValue';
import usePagedList from '../../../hooks/usePagedList';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import { TAGS_LIST_PATH, TAGS_PATH, deleteTag } from '../api/tagsApi';
import TagModal from '../components/TagModal';
import TagsTable from '../components/TagsTable';

const SEARCH_DEBOUNCE = 500;

export default function TagsPage() {
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE);
  const list = usePagedList(TAGS_PATH, 'tags', { searchParam });
  const [modal, setModal] = useState({ open: false, tag: null });
  const [deleting, setDeleting] = useState(null);
  const refreshLookups = () => mutate(TAGS_LIST_PATH);

  useCompanyEvent('tag', (data) => {
    if (data?.action === 'create' && data.tag && !searchParam) list.upsert(data.tag);
    if (data?.action === 'update' && data.tag) list.update(data.tag);
    if (data?.action === 'delete') list.remove(data.tagId ?? data.tag?.id);
  });

  const onSaved = (tag) => {
    if (modal.tag) list.update(tag);
    else list.upsert(tag);
    refreshLookups();
  };

  const confirmDelete = async () => {
    try {
      await deleteTag(deleting.id);
      list.remove(deleting.id);
      refreshLookups();
      toast.success(t('tags.deleted'));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <ListPage
      testId="tags"
      title={`${t('tags.title')}${typeof list.count === 'number' ? ` (${list.count})` : ''}`}
      search={search}
      onSearch={setSearch}
      addLabel={t('tags.add')}
      onAdd={() => setModal({ open: true, tag: null })}
      error={list.error}
      loading={list.loading}
      onEndReached={list.loadMore}
      dialogs={(
        <>
          <TagModal open={modal.open} tag={modal.tag} onClose={() => setModal({ open: false, tag: null })} onSaved={onSaved} />
          <ConfirmationDialog
            open={Boolean(deleting)}
            title={t('tags.deleteTitle', { name: deleting?.name })}
            confirmLabel={t('common.delete')}
            onConfirm={confirmDelete}
            onClose={() => setDeleting(null)}
            testId="tag-delete-dialog"
          >
            {t('tags.deleteMessage')}
          </ConfirmationDialog>
        </>
      )}
    >
        <TagsTable
          tags={list.items}
          empty={!list.loading && !list.items.length}
          onEdit={(tag) => setModal({ open: true, tag })}
          onDelete={setDeleting}
        />
    </ListPage>
  );
}
