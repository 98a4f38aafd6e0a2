import { Box, Dialog, DialogContent, DialogTitle, IconButton, Tooltip } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import SimulatePanel from './SimulatePanel';
import { DockButton } from './SimulateDock';

/** The simulate-customer panel over the connections page; polling stops when it closes. */
export default function SimulateDialog({ connection, onClose }) {
  const { t } = useTranslation();
  return (
    <Dialog open={Boolean(connection)} onClose={onClose} maxWidth="xs" fullWidth data-testid="simulate-dialog"
      slotProps={{ paper: { sx: { bgcolor: 'transparent', boxShadow: 'none', backgroundImage: 'none', m: 1 } } }}>
      {connection && (
        <>
          <DialogTitle sx={{ p: 0.5, display: 'flex', justifyContent: 'flex-end', gap: 0.5 }}>
            <DockButton connection={connection} onDocked={onClose}
              sx={{ bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }} />
            <Tooltip title={t('sandbox.openPage')}>
              <IconButton component={RouterLink} to={`/connections/${connection.id}/simulate`} onClick={onClose}
                sx={{ bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }} aria-label={t('sandbox.openPage')}
                data-testid="simulate-open-page">
                <OpenInNewIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('common.close')}>
              <IconButton onClick={onClose} sx={{ bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}
                aria-label={t('common.close')} data-testid="simulate-close">
                <CloseIcon />
              </IconButton>
            </Tooltip>
          </DialogTitle>
          <DialogContent sx={{ p: 0, overflow: 'hidden' }}>
            <Box sx={{ height: 'min(640px, calc(100vh - 120px))' }}>
              <SimulatePanel connectionId={connection.id} connectionName={connection.name} height="100%" onLeave={onClose} />
            </Box>
          </DialogContent>
        </>
      )}
    </Dialog>
  );
}
