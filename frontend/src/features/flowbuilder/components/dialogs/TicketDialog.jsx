import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import SelectField from '../../../../components/SelectField';
import useForm from '../../../../hooks/useForm';
import { QUEUES_PATH } from '../../api/flowbuilderApi';
import { checkTicket } from '../../api/nodeForms';
import NodeFormDialog from './NodeFormDialog';

const listOf = (data) => (Array.isArray(data) ? data : data?.queues || []);

/** The ticket node: the queue the ticket goes to, pending (GET /queue). */
export default function TicketDialog({ data, editing, onSaved, onClose }) {
  const { t } = useTranslation();
  const queues = listOf(useSWR(QUEUES_PATH).data);
  const form = useForm({ queueId: data?.queueId || '' });
  const submit = async () => {
    const queue = queues.find((item) => item.id === Number(form.values.queueId));
    return { queueId: Number(form.values.queueId), name: queue?.name || data?.name || '' };
  };
  return (
    <NodeFormDialog kind="ticket" editing={editing} testId="flow-ticket" onSaved={onSaved} onClose={onClose} dirty={form.dirty}
      validate={() => form.check({}, checkTicket(form.values))} onSubmit={submit}>
      <SelectField {...form.field('queueId')} label={t('flowbuilder.dialog.ticket.queue')} testId="flow-ticket-queue"
        options={queues.map((queue) => ({ value: queue.id, label: queue.name }))} />
    </NodeFormDialog>
  );
}
