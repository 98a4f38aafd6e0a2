import { Box, IconButton, Tooltip } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import ViewSidebarOutlinedIcon from '@mui/icons-material/ViewSidebarOutlined';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import useLocalStorage from '../../../hooks/useLocalStorage';
import SimulatePanel from './SimulatePanel';

export const DOCK_KEY = 'sandbox:dock';
export const DOCK_WIDTH = 400;

/** The sandbox connection docked beside the inbox ({ id, name } or null), kept in this browser. */
export const useSimulateDock = () => useLocalStorage(DOCK_KEY, null);

/** Docks a connection's panel beside the inbox and goes there: play the customer, watch the tickets. */
export function DockButton({ connection, onDocked, sx }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [, setDock] = useSimulateDock();
  return (
    <Tooltip title={t('sandbox.dock')}>
      <IconButton aria-label={t('sandbox.dock')} data-testid="simulate-dock-open" sx={sx}
        onClick={() => {
          setDock({ id: connection.id, name: connection.name || '' });
          onDocked?.();
          navigate('/tickets');
        }}>
        <ViewSidebarOutlinedIcon />
      </IconButton>
    </Tooltip>
  );
}

/** The simulate-customer panel as a column at the inbox's right, while a connection is docked. */
export default function SimulateDock() {
  const { t } = useTranslation();
  const [dock, setDock] = useSimulateDock();
  if (!dock?.id) return null;
  return (
    <Box sx={{ width: DOCK_WIDTH, flexShrink: 0, height: '100%', minHeight: 0, display: 'flex', flexDirection: 'column', p: 1, gap: 0.5,
      borderLeft: 1, borderColor: 'divider', bgcolor: 'background.default' }} data-testid="simulate-dock" data-connection-id={dock.id}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Tooltip title={t('sandbox.undock')}>
          <IconButton size="small" onClick={() => setDock(null)} aria-label={t('sandbox.undock')} data-testid="simulate-dock-close">
            <CloseIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ flex: 1, minHeight: 0 }}>
        <SimulatePanel connectionId={dock.id} connectionName={dock.name} height="100%" />
      </Box>
    </Box>
  );
}
