import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Alert, Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { api } from '../../../services/api';
import SimulatePanel from '../components/SimulatePanel';
import { DockButton } from '../components/SimulateDock';

/** /connections/{id}/simulate: the panel on a page of its own (e.g. a second window while training). */
export default function SimulatePage() {
  const { t } = useTranslation();
  const { connectionId } = useParams();
  const id = Number(connectionId);
  const [connection, setConnection] = useState(null);

  useEffect(() => {
    let live = true;
    // The name is a nicety: users who may not read connections still get the panel.
    api.get(`/whatsapp/${id}`, { session: 0 }).then((data) => live && setConnection(data)).catch(() => {});
    return () => {
      live = false;
    };
  }, [id]);

  if (!Number.isInteger(id) || id <= 0) return <Alert severity="error" sx={{ m: 2 }}>{t('sandbox.badConnection')}</Alert>;
  return (
    <Box sx={{ p: 2, height: '100%', display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="simulate-page">
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flex: 1 }}>
          <Typography variant="h5">{t('sandbox.title')}</Typography>
          <Typography variant="body2" color="text.secondary">{t('sandbox.intro')}</Typography>
        </Box>
        <DockButton connection={{ id, name: connection?.name }} />
      </Box>
      {connection && connection.channel && connection.channel !== 'sandbox' && (
        <Alert severity="warning">{t('sandbox.notSandbox')}</Alert>
      )}
      <Box sx={{ flex: 1, minHeight: 0 }}>
        <SimulatePanel connectionId={id} connectionName={connection?.name} height="100%" />
      </Box>
    </Box>
  );
}
