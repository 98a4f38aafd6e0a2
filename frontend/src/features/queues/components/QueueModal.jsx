import { useState } from 'react';
import useSWR from 'swr';
import useCompanyEvent from '../../../hooks/useCompanyEvent';
import { useTranslation } from 'react-i18next';
import FormDialog from '../../../components/FormDialog';
import useForm from '../../../hooks/useForm';
import { scheduleFieldErrors } from '../../hours/api/schedules';
import { createQueue, queuePath, updateQueue } from '../api/queuesApi';
import { queuePayload, queueToForm, tabOf, validateQueue } from '../api/queueForm';
import useQueueLookups from '../hooks/useQueueLookups';
import ChatbotOptionsTab from './ChatbotOptionsTab';
import { QueueDataTab, QueueRotationTab, QueueSchedulesTab } from './QueueTabs';

/**
 * Add (queue null) or edit a queue: data, hours (scheduleType "queue"), chatbot options and
 * rotation. record: the queue as GET /queue/{id} answers (options, hours), kept fresh by
 * refresh(); queues are the others, for the unique-colour rule and the option targets.
 */
function QueueForm({ queue, record, loadError, refresh, queues, onClose, onSaved }) {
  const { t } = useTranslation();
  const lookups = useQueueLookups();
  const { showSchedules } = lookups;
  const form = useForm(queueToForm(record || queue));
  const [tab, setTab] = useState('data');
  const tabs = ['data', ...(showSchedules ? ['schedules'] : []), 'chatbot', 'rotation'];

  const showFirst = (errors) => {
    const first = Object.keys(errors).find((key) => errors[key]);
    if (first) setTab(tabOf(first, { showSchedules }));
  };

  const validate = () => {
    const errors = validateQueue(form.values, { queues, id: queue?.id ?? null, showSchedules });
    const clean = form.check({}, errors);
    if (!clean) showFirst(errors);
    return clean;
  };

  const save = () => {
    const payload = queuePayload(form.values, { showSchedules, stored: record || queue });
    return queue ? updateQueue(queue.id, payload) : createQueue(payload);
  };

  const onError = (error) => {
    const fields = scheduleFieldErrors(error?.fields, form.values.schedules);
    form.applyServerErrors({ code: error?.code, message: error?.message, fields });
    showFirst(fields);
  };

  const panels = {
    data: <QueueDataTab form={form} files={lookups.files} integrations={lookups.integrations} showSchedules={showSchedules} />,
    schedules: <QueueSchedulesTab form={form} companyId={lookups.companyId} stored={(record || queue)?.schedules} />,
    chatbot: (
      <ChatbotOptionsTab queue={queue ? { ...queue, ...record } : null} loadError={loadError} refresh={refresh}
        lookups={{ queues, users: lookups.users, files: lookups.files, integrations: lookups.integrations }} />
    ),
    rotation: <QueueRotationTab form={form} />,
  };

  return (
    <FormDialog
      testId="queue"
      maxWidth="md"
      title={queue ? t('queues.modal.editTitle') : t('queues.modal.addTitle')}
      adding={!queue}
      tabs={tabs.map((value) => ({ value, label: t(`queues.modal.tabs.${value}`) }))}
      tab={tabs.includes(tab) ? tab : 'data'}
      onTabChange={setTab}
      validate={validate}
      onSubmit={save}
      onError={onError}
      successMessage={t('queues.saved')}
      onSaved={onSaved}
      onClose={onClose}
      dirty={form.dirty}
    >
      {tabs.map((name) => <div key={name} hidden={(tabs.includes(tab) ? tab : 'data') !== name}>{panels[name]}</div>)}
    </FormDialog>
  );
}

/** An existing queue is read afresh (GET /queue/{id}) for its hours, file list and option tree. */
function EditQueue({ queue, ...props }) {
  const { t } = useTranslation();
  const { data, error, mutate } = useSWR(queuePath(queue.id), { revalidateOnFocus: false });
  // Another admin changed this queue's option tree: show it as it is now.
  useCompanyEvent('queue', (event) => {
    if (event?.action === 'options' && event.queueId === queue.id) mutate();
  });
  if (!data && !error) {
    return <FormDialog testId="queue" maxWidth="md" title={t('queues.modal.editTitle')} loading onClose={props.onClose} />;
  }
  return <QueueForm queue={queue} record={data} loadError={error} refresh={() => mutate()} {...props} />;
}

export default function QueueModal({ open, queue, queues, onClose, onSaved }) {
  if (!open) return null;
  const props = { queues, onClose, onSaved };
  return queue
    ? <EditQueue key={queue.id} queue={queue} {...props} />
    : <QueueForm key="new" queue={null} record={null} refresh={async () => {}} {...props} />;
}
