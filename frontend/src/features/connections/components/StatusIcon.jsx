import { Box, CircularProgress, Tooltip } from '@mui/material';
import SignalCellular4BarIcon from '@mui/icons-material/SignalCellular4Bar';
import SignalCellularConnectedNoInternet0BarIcon from '@mui/icons-material/SignalCellularConnectedNoInternet0Bar';
import SignalCellularConnectedNoInternet2BarIcon from '@mui/icons-material/SignalCellularConnectedNoInternet2Bar';
import CropFreeIcon from '@mui/icons-material/CropFree';
import { useTranslation } from 'react-i18next';

function Icon({ status }) {
  switch (status) {
    case 'CONNECTED':
      return <SignalCellular4BarIcon sx={{ color: 'success.main' }} />;
    case 'DISCONNECTED':
      return <SignalCellularConnectedNoInternet0BarIcon color="error" />;
    case 'TIMEOUT':
      return <SignalCellularConnectedNoInternet2BarIcon color="warning" />;
    case 'qrcode':
      return <CropFreeIcon color="info" />;
    default:
      return <CircularProgress size={20} />;
  }
}

export default function StatusIcon({ status }) {
  const { t } = useTranslation();
  const label = t(`connections.statuses.${status}`, { defaultValue: status || '' });
  return (
    <Tooltip title={label}>
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }} data-testid="connection-status" data-status={status}>
        <Icon status={status} />
        <Box component="span" sx={{ fontSize: 13, display: { xs: 'none', md: 'inline' } }}>{label}</Box>
      </Box>
    </Tooltip>
  );
}
