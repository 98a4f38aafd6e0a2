import { useState } from 'react';
import useSWR from 'swr';
import { Alert, Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import ConfirmationDialog from '../../../components/ConfirmationDialog';
import useCompanyEvent from '../../../hooks/useCompanyEvent';
import { toast } from '../../../services/toast';
import { arrayWith, arrayWithout } from '../../../utils/pagedItems';
import toastError from '../../../utils/toastError';
import { QUEUES_PATH, deleteQueue } from '../api/queuesApi';
import QueueModal from '../components/QueueModal';
import QueuesTable from '../components/QueuesTable';

export default function QueuesPage() {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useSWR(QUEUES_PATH);
  const queues = Array.isArray(data) ? data : [];
  const [modal, setModal] = useState({ open: false, queue: null });
  const [deleting, setDeleting] = useState(null);
  const put = (queue) => mutate((list) => arrayWith(list, queue), { revalidate: false });
  const drop = (id) => mutate((list) => arrayWithout(list, id), { revalidate: false });

  useCompanyEvent('queue', (event) => {
    if ((event?.action === 'create' || event?.action === 'update') && event.queue) put(event.queue);
    if (event?.action === 'delete') drop(event.queueId ?? event.queue?.id);
  });

  const confirmDelete = async () => {
    try {
      await deleteQueue(deleting.id);
      drop(deleting.id);
      toast.success(t('queues.deleted'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Box sx={{ p: 2, height: '100%', display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="queues-page">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" sx={{ flex: 1 }}>{t('queues.title')}</Typography>
        <Button variant="contained" onClick={() => setModal({ open: true, queue: null })} data-testid="queues-add">
          {t('queues.add')}
        </Button>
      </Stack>
      {error && <Alert severity="error">{t('errors.listLoad')}</Alert>}
      <Paper variant="outlined" sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        <QueuesTable queues={queues} empty={!isLoading && !queues.length} onEdit={(queue) => setModal({ open: true, queue })} onDelete={setDeleting} />
        {isLoading && <LinearProgress />}
      </Paper>
      <QueueModal open={modal.open} queue={modal.queue} queues={queues} onClose={() => setModal({ open: false, queue: null })} onSaved={put} />
      <ConfirmationDialog
        open={Boolean(deleting)}
        title={t('queues.deleteTitle', { name: deleting?.name })}
        confirmLabel={t('common.delete')}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
        testId="queue-delete-dialog"
      >
        {t('queues.deleteMessage')}
      </ConfirmationDialog>
    </Box>
  );
}
