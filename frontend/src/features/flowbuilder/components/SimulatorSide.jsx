import { Box, IconButton, Tooltip } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n';
import SimulatePanel from '../../sandbox/components/SimulatePanel';

/** The simulated customer's name, in the language in use. */
export const simulatedName = () => i18n.t('flowbuilder.simulate.customerName');

/** Makes the sandbox panel of a connection open on a customer (what SimulatePanel reads on mount). */
export function presetCustomer(connectionId, number, storage = globalThis.localStorage) {
  storage.setItem(`sandbox:${connectionId}:current`, JSON.stringify({ number, name: simulatedName() }));
}

/** The sandbox simulator beside the canvas, on the customer the simulated run started for. */
export default function SimulatorSide({ simulation, onClose }) {
  const { t } = useTranslation();
  const { connection, number } = simulation;
  return (
    <Box sx={{ width: 380, flexShrink: 0, display: 'flex', flexDirection: 'column', gap: 0.5, minHeight: 0 }} data-testid="flow-simulator">
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Tooltip title={t('flowbuilder.simulate.close')}>
          <IconButton size="small" onClick={onClose} aria-label={t('flowbuilder.simulate.close')} data-testid="flow-simulator-close">
            <CloseIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ flex: 1, minHeight: 0 }}>
        <SimulatePanel key={`${connection.id}:${number}`} connectionId={connection.id} connectionName={connection.name} height="100%" />
      </Box>
    </Box>
  );
}
