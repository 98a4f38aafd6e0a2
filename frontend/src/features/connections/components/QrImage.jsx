import { Box } from '@mui/material';
import QRCode from 'react-qr-code';

/** The standard quiet zone around a QR code is 4 modules; 16 px covers it at the sizes shown here. */
const QUIET_ZONE = 16;

/** The QR code of a text as an SVG (react-qr-code): dark modules on white, with a quiet zone. */
export default function QrImage({ value, size = 256, label }) {
  if (!value) return null;
  return (
    <Box sx={{ p: `${QUIET_ZONE}px`, bgcolor: '#fff', lineHeight: 0 }}>
      <QRCode value={value} size={size - QUIET_ZONE * 2} level="L" title={label} role="img" aria-label={label}
        data-testid="qrcode-image" data-value={value} />
    </Box>
  );
}
