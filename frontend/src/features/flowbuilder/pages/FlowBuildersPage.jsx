import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import ListPage from '../../../components/ListPage';
import useEditModal from '../../../hooks/useEditModal';
import useListEvents from '../../../hooks/useListEvents';
import usePagedList from '../../../hooks/usePagedList';
import useSearchText from '../../../hooks/useSearchText';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import { FLOWS_PATH, deleteFlow, duplicateFlow } from '../api/flowbuilderApi';
import FlowNameDialog from '../components/FlowNameDialog';
import FlowsTable from '../components/FlowsTable';

/** /flowbuilders: 'Fluxos de conversa' (spec/3). */
export default function FlowBuildersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useSearchText((text) => text.toLowerCase());
  const list = usePagedList(FLOWS_PATH, 'flows', { searchParam: search.param });
  const modal = useEditModal();
  // Another tab or user of the company adds, renames, duplicates or deletes: the list follows.
  useListEvents('flowbuilder', list, { filtered: Boolean(search.param), item: 'record', idKey: 'id' });
  const open = (flow) => navigate(`/flowbuilder/${flow.id}`);

  const run = async (work, message) => {
    try {
      await work();
      toast.success(message);
    } catch (error) {
      toastError(error);
    }
  };

  const onAction = (key, flow) => {
    if (key === 'rename') modal.edit(flow);
    if (key === 'edit') open(flow);
    if (key === 'duplicate') {
      run(async () => {
        const copy = await duplicateFlow(flow.id);
        list.upsert(copy?.flow || copy);
      }, t('flowbuilder.list.duplicated'));
    }
    if (key === 'delete') {
      run(async () => {
        await deleteFlow(flow.id);
        list.remove(flow.id);
      }, t('flowbuilder.list.deleted'));
    }
  };

  return (
    <ListPage
      testId="flows"
      title={t('flowbuilder.list.title')}
      search={search}
      addLabel={t('flowbuilder.list.add')}
      onAdd={modal.add}
      error={list.error}
      onEndReached={list.loadMore}
      dialogs={(
        <FlowNameDialog open={modal.open} record={modal.record} onClose={modal.close}
          onSaved={modal.saved(list)} />
      )}
    >
      <FlowsTable flows={list.items} loading={list.loading} onOpen={open} onAction={onAction} />
    </ListPage>
  );
}
