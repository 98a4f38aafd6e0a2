import { useState } from 'react';
import { Alert, Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import ConfirmationDialog from '../../../components/ConfirmationDialog';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import { useAuth } from '../../auth/hooks/useAuth';
import SimulateDialog from '../../sandbox/components/SimulateDialog';
import { deleteConnection, disconnectSession, newQrCode, retrySession } from '../api/connectionsApi';
import { canManageConnections } from '../api/connectionRules';
import useConnections from '../hooks/useConnections';
import ConnectionModal from '../components/ConnectionModal';
import ConnectionsTable from '../components/ConnectionsTable';

const SESSION_CALLS = { retry: retrySession, newQr: newQrCode, disconnect: disconnectSession };

export default function ConnectionsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { connections, error, isLoading, put, drop, reload } = useConnections();
  const [modal, setModal] = useState({ open: false, connectionId: null });
  const [deleting, setDeleting] = useState(null);
  const [disconnecting, setDisconnecting] = useState(null);
  const [simulating, setSimulating] = useState(null);

  const runSession = async (connection, action) => {
    try {
      const answer = await SESSION_CALLS[action](connection.id);
      if (answer && typeof answer === 'object' && answer.id) put(answer);
    } catch (err) {
      toastError(err);
    }
  };

  const onSession = (connection, action) => {
    if (action === 'disconnect') setDisconnecting(connection);
    else if (SESSION_CALLS[action]) runSession(connection, action);
  };

  const confirmDelete = async () => {
    try {
      await deleteConnection(deleting.id);
      drop(deleting.id);
      // Deleting the default one moves the default elsewhere on the server.
      if (deleting.isDefault) reload();
      toast.success(t('connections.deleted'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Box sx={{ p: 2, height: '100%', display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="connections-page">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" sx={{ flex: 1 }}>{t('connections.title')}</Typography>
        <Button variant="contained" onClick={() => setModal({ open: true, connectionId: null })} data-testid="connections-add">
          {t('connections.add')}
        </Button>
      </Stack>
      {error && <Alert severity="error">{t('errors.listLoad')}</Alert>}
      <Paper variant="outlined" sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        <ConnectionsTable
          connections={connections}
          empty={!isLoading && !connections.length}
          showSession={canManageConnections(user)}
          onEdit={(connection) => setModal({ open: true, connectionId: connection.id })}
          onDelete={setDeleting}
          onSimulate={setSimulating}
          onSession={onSession}
        />
        {isLoading && <LinearProgress />}
      </Paper>
      <ConnectionModal
        open={modal.open}
        connectionId={modal.connectionId}
        onClose={() => setModal({ open: false, connectionId: null })}
        onSaved={put}
      />
      <SimulateDialog connection={simulating} onClose={() => setSimulating(null)} />
      <ConfirmationDialog
        open={Boolean(deleting)}
        title={t('connections.deleteTitle', { name: deleting?.name })}
        confirmLabel={t('common.delete')}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
        testId="connection-delete-dialog"
      >
        {t('connections.deleteMessage')}
      </ConfirmationDialog>
      <ConfirmationDialog
        open={Boolean(disconnecting)}
        title={t('connections.disconnectTitle', { name: disconnecting?.name })}
        confirmLabel={t('connections.session.disconnect')}
        onConfirm={() => runSession(disconnecting, 'disconnect')}
        onClose={() => setDisconnecting(null)}
        testId="connection-disconnect-dialog"
      >
        {t('connections.disconnectMessage')}
      </ConfirmationDialog>
    </Box>
  );
}
