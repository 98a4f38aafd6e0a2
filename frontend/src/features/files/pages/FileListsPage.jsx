import { useTranslation } from 'react-i18next';
import ListPage from '../../../components/ListPage';
import useEditModal from '../../../hooks/useEditModal';
import useListEvents from '../../../hooks/useListEvents';
import usePagedList from '../../../hooks/usePagedList';
import useSearchText from '../../../hooks/useSearchText';
import { FILES_PATH, deleteFileList } from '../api/filesApi';
import FileListModal from '../components/FileListModal';
import FileListsTable from '../components/FileListsTable';

/** /files: the company's file lists, sent by queues, options and flows (spec/3 §2). */
export default function FileListsPage() {
  const { t } = useTranslation();
  const search = useSearchText((text) => text.toLowerCase());
  const list = usePagedList(FILES_PATH, 'files', { searchParam: search.param });
  const modal = useEditModal();

  useListEvents('file', list, { filtered: Boolean(search.param), item: 'fileList', idKey: 'fileId' });

  const remove = async (record) => {
    await deleteFileList(record.id);
    list.remove(record.id);
  };

  return (
    <ListPage
      testId="files"
      title={t('files.title')}
      count={list.count}
      search={search}
      addLabel={t('files.add')}
      onAdd={modal.add}
      error={list.error}
      onEndReached={list.loadMore}
      dialogs={(
        <FileListModal open={modal.open} record={modal.record} onClose={modal.close}
          onSaved={modal.saved(list)} />
      )}
    >
      <FileListsTable lists={list.items} loading={list.loading} onEdit={modal.edit} onDelete={remove} />
    </ListPage>
  );
}
