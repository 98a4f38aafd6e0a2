import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { useTranslation } from 'react-i18next';
import ConfirmationDialog from '../../../components/ConfirmationDialog';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import { useAuth } from '../../auth/hooks/useAuth';
import SimulateDialog from '../../sandbox/components/SimulateDialog';
import {
  closeImportedTickets, deleteConnection, disconnectSession, newQrCode, restartConnections, retrySession,
} from '../api/connectionsApi';
import { canManageConnections } from '../api/connectionRules';
import useConnections from '../hooks/useConnections';
import useImportProgress from '../hooks/useImportProgress';
import ConnectionModal from '../components/ConnectionModal';
import ConnectionsTable from '../components/ConnectionsTable';
import FacebookButton from '../components/FacebookButton';
import QrCodeModal from '../components/QrCodeModal';

const SESSION_CALLS = { retry: retrySession, newQr: newQrCode, disconnect: disconnectSession };

/**
 * A confirmation asked before a call: { kind, connection }. Kinds: delete, disconnect,
 * closeImported, restart.
 */
function useConfirm() {
  const [pending, setPending] = useState(null);
  return { pending, ask: (kind, connection = null) => setPending({ kind, connection }), close: () => setPending(null) };
}

export default function ConnectionsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const plan = user?.company?.plan || {};
  const { connections, error, isLoading, put, drop, reload } = useConnections();
  const importProgress = useImportProgress(connections, () => reload());
  const [modal, setModal] = useState({ open: false, connectionId: null });
  const [search, setSearch] = useSearchParams();
  const [qrId, setQrId] = useState(null);
  const [simulating, setSimulating] = useState(null);
  const confirm = useConfirm();
  const manager = canManageConnections(user);
  const qrConnection = connections.find((connection) => connection.id === qrId) || null;

  // ?edit={id}&tab={tab} opens a connection's form on a tab (the sandbox panel's hours link).
  const editParam = Number(search.get('edit'));
  useEffect(() => {
    if (!editParam) return;
    if (manager) setModal({ open: true, connectionId: editParam, tab: search.get('tab') || undefined });
    setSearch({}, { replace: true });
  }, [editParam, manager, search, setSearch]);

  const runSession = async (connection, action) => {
    try {
      const answer = await SESSION_CALLS[action](connection.id);
      if (answer && typeof answer === 'object' && answer.id) put(answer);
      if (action === 'newQr') setQrId(connection.id);
    } catch (err) {
      toastError(err);
    }
  };

  const onSession = (connection, action) => {
    if (action === 'qrcode') setQrId(connection.id);
    else if (action === 'disconnect') confirm.ask('disconnect', connection);
    else if (SESSION_CALLS[action]) runSession(connection, action);
  };

  const onSaved = (saved, { showQr } = {}) => {
    put(saved);
    if (showQr) setQrId(saved.id);
  };

  const confirmed = {
    delete: async ({ id, isDefault }) => {
      await deleteConnection(id);
      drop(id);
      // Deleting the default one moves the default elsewhere on the server.
      if (isDefault) reload();
      toast.success(t('connections.deleted'));
    },
    disconnect: (connection) => runSession(connection, 'disconnect'),
    closeImported: async ({ id }) => {
      await closeImportedTickets(id);
      toast.success(t('connections.import.closed'));
      reload();
    },
    restart: async () => {
      await restartConnections();
      toast.success(t('connections.restarted'));
    },
  };
  const onConfirm = async () => {
    try {
      await confirmed[confirm.pending.kind](confirm.pending.connection);
    } catch (err) {
      toastError(err);
    }
  };
  const kind = confirm.pending?.kind;
  const name = confirm.pending?.connection?.name;

  return (
    <Box sx={{ p: 2, height: '100%', display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="connections-page">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }}>
        <Typography variant="h5" sx={{ flex: 1 }}>{t('connections.title')}</Typography>
        {manager && (
          <>
            <Button variant="outlined" startIcon={<RestartAltIcon />} onClick={() => confirm.ask('restart')} data-testid="connections-restart">
              {t('connections.restart')}
            </Button>
            {plan.useFacebook !== false && <FacebookButton onLinked={() => reload()} />}
            {plan.useInstagram !== false && <FacebookButton addInstagram onLinked={() => reload()} />}
            <Button variant="contained" onClick={() => setModal({ open: true, connectionId: null })} data-testid="connections-add">
              {t('connections.add')}
            </Button>
          </>
        )}
      </Stack>
      {error && <Alert severity="error">{t('errors.listLoad')}</Alert>}
      <Paper variant="outlined" sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        <ConnectionsTable
          connections={connections}
          empty={!isLoading && !connections.length}
          showSession={manager}
          importProgress={importProgress}
          onEdit={(connection) => setModal({ open: true, connectionId: connection.id })}
          onDelete={(connection) => confirm.ask('delete', connection)}
          onSimulate={setSimulating}
          onSession={onSession}
          onCloseImported={(connection) => confirm.ask('closeImported', connection)}
        />
        {isLoading && <LinearProgress />}
      </Paper>
      <ConnectionModal
        open={modal.open}
        connectionId={modal.connectionId}
        initialTab={modal.tab}
        onClose={() => setModal({ open: false, connectionId: null })}
        onSaved={onSaved}
      />
      <QrCodeModal connection={qrConnection} onClose={() => setQrId(null)} />
      <SimulateDialog connection={simulating} onClose={() => setSimulating(null)} />
      <ConfirmationDialog
        open={Boolean(kind)}
        title={kind ? t(`connections.confirm.${kind}Title`, { name }) : ''}
        confirmLabel={kind ? t(`connections.confirm.${kind}Confirm`) : ''}
        onConfirm={onConfirm}
        onClose={confirm.close}
        testId={`connection-${kind || 'confirm'}-dialog`}
      >
        {kind ? t(`connections.confirm.${kind}Message`) : ''}
      </ConfirmationDialog>
    </Box>
  );
}
