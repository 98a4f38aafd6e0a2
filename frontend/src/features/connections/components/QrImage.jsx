import { useMemo } from 'react';
import { encodeQr, qrPath } from '../api/qrEncoder';

const BORDER = 4;

/** The QR code of a text as an SVG (dark modules on white, with the standard quiet zone). */
export default function QrImage({ value, size = 256, label }) {
  const modules = useMemo(() => (value ? encodeQr(value) : null), [value]);
  if (!modules) return null;
  const extent = modules.length + BORDER * 2;
  return (
    <svg width={size} height={size} viewBox={`0 0 ${extent} ${extent}`} shapeRendering="crispEdges" role="img"
      aria-label={label} data-testid="qrcode-image" data-value={value}>
      <rect width={extent} height={extent} fill="#fff" />
      <path d={qrPath(modules, BORDER)} fill="#000" />
    </svg>
  );
}
