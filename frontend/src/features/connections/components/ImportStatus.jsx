import { useEffect, useState } from 'react';
import { Box, Button, CircularProgress, LinearProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { importView } from '../api/importStatus';

/** A connection's old-message import: preparing, progress, then the close-imported-tickets button. */
export default function ImportStatus({ connection, progress, onCloseTickets }) {
  const { t } = useTranslation();
  const [, setTick] = useState(0);
  const view = importView(connection, progress, Date.now());
  const until = view?.kind === 'preparing' ? view.until : null;
  // Render again when the preparing window ends.
  useEffect(() => {
    if (!until) return undefined;
    const timer = setTimeout(() => setTick((n) => n + 1), Math.max(0, until - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [until]);
  if (!view) return null;

  if (view.kind === 'closeTickets') {
    return (
      <Button size="small" variant="outlined" color="secondary" onClick={() => onCloseTickets(connection)} data-testid="connection-close-imported">
        {t('connections.import.closeTickets')}
      </Button>
    );
  }
  if (view.kind === 'preparing') {
    return (
      <Button size="small" variant="outlined" disabled endIcon={<CircularProgress size={12} />} data-testid="connection-import-preparing">
        {t('connections.import.preparing')}
      </Button>
    );
  }
  return (
    <Box sx={{ minWidth: 140 }} data-testid="connection-import-progress" data-done={view.done} data-total={view.total}>
      <Typography variant="caption" color="text.secondary">
        {view.total ? t('connections.import.progress', { done: view.done, total: view.total }) : t('connections.import.running')}
      </Typography>
      <LinearProgress variant={view.total ? 'determinate' : 'indeterminate'} value={view.total ? (view.done * 100) / view.total : undefined} />
    </Box>
  );
}
