import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import ListPage from '../../../components/ListPage';
import useEditModal from '../../../hooks/useEditModal';
import useListEvents from '../../../hooks/useListEvents';
import { arrayWith, arrayWithout } from '../../../utils/pagedItems';
import { QUEUES_PATH, deleteQueue } from '../api/queuesApi';
import QueueModal from '../components/QueueModal';
import QueuesTable from '../components/QueuesTable';

/** Queues: one plain list (GET /queue), no search or pages. */
export default function QueuesPage() {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useSWR(QUEUES_PATH);
  const queues = Array.isArray(data) ? data : [];
  const modal = useEditModal();
  const put = (queue) => mutate((list) => arrayWith(list, queue), { revalidate: false });
  const drop = (id) => mutate((list) => arrayWithout(list, id), { revalidate: false });

  useListEvents('queue', { upsert: put, update: put, remove: drop });

  const remove = async (queue) => {
    await deleteQueue(queue.id);
    drop(queue.id);
  };

  return (
    <ListPage
      testId="queues"
      title={t('queues.title')}
      addLabel={t('queues.add')}
      onAdd={modal.add}
      error={error}
      dialogs={(
        <QueueModal open={modal.open} queue={modal.record} queues={queues} onClose={modal.close} onSaved={put} />
      )}
    >
      <QueuesTable queues={queues} loading={isLoading} onEdit={modal.edit} onDelete={remove} />
    </ListPage>
  );
}
