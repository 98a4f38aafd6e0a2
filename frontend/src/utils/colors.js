/** Colours offered by the colour picker (Material palette, 500 shades, plus the default grey). */
export const PALETTE = [
  '#F44336', '#E91E63', '#9C27B0', '#673AB7', '#3F51B5', '#2196F3', '#03A9F4', '#00BCD4',
  '#009688', '#4CAF50', '#8BC34A', '#CDDC39', '#FFC107', '#FF9800', '#FF5722', '#795548',
  '#607D8B', '#7C7C7C',
];

const HEX_RE = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

export const isHexColor = (value) => HEX_RE.test(String(value || '').trim());

/** A random #RRGGBB colour (random() in [0, 1) may be injected for tests). */
export function randomColor(random = Math.random) {
  const channel = () => Math.floor(random() * 256).toString(16).padStart(2, '0');
  return `#${channel()}${channel()}${channel()}`.toUpperCase();
}

/** Black or white, whichever reads better on the given background. */
export function contrastText(color) {
  if (!isHexColor(color)) return '#fff';
  let hex = color.trim().slice(1);
  if (hex.length === 3) hex = hex.split('').map((c) => c + c).join('');
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return (r * 299 + g * 587 + b * 114) / 1000 > 150 ? '#000' : '#fff';
}
