import { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import ListPage from '../../../components/ListPage';
import useEditModal from '../../../hooks/useEditModal';
import useListEvents from '../../../hooks/useListEvents';
import usePagedList from '../../../hooks/usePagedList';
import useSearchText from '../../../hooks/useSearchText';
import { TAGS_PATH, deleteTag, isTagListKey } from '../api/tagsApi';
import TagModal from '../components/TagModal';
import TagsTable from '../components/TagsTable';

export default function TagsPage() {
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const search = useSearchText();
  const list = usePagedList(TAGS_PATH, 'tags', { searchParam: search.param });
  const modal = useEditModal();
  // The tag selectors elsewhere (contacts, the inbox) read the whole list again.
  const refreshLookups = () => mutate(isTagListKey);

  useListEvents('tag', list, { filtered: Boolean(search.param) });

  const onSaved = (tag) => {
    modal.saved(list)(tag);
    refreshLookups();
  };

  const remove = async (tag) => {
    await deleteTag(tag.id);
    list.remove(tag.id);
    refreshLookups();
  };

  return (
    <ListPage
      testId="tags"
      title={t('tags.title')}
      count={list.count}
      search={search}
      addLabel={t('tags.add')}
      onAdd={modal.add}
      error={list.error}
      onEndReached={list.loadMore}
      dialogs={<TagModal open={modal.open} tag={modal.record} onClose={modal.close} onSaved={onSaved} />}
    >
      <TagsTable tags={list.items} loading={list.loading} onEdit={modal.edit} onDelete={remove} />
    </ListPage>
  );
}
