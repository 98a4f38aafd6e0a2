import { describe, expect, it } from 'vitest';
import { encodeQr, qrPath } from './qrEncoder';

const versionOf = (modules) => (modules.length - 17) / 4;

/** The 15 format bits around the top-left finder, read back as the encoder placed them. */
function formatBits(m) {
  let bits = 0;
  const at = (x, y) => (m[y][x] ? 1 : 0);
  const cells = [[8, 0], [8, 1], [8, 2], [8, 3], [8, 4], [8, 5], [8, 7], [8, 8], [7, 8], [5, 8], [4, 8], [3, 8], [2, 8], [1, 8], [0, 8]];
  cells.forEach(([x, y], i) => { bits |= at(x, y) << i; });
  return bits;
}

function bchValid(bits) {
  let rem = bits ^ 0x5412;
  for (let i = 14; i >= 10; i -= 1) if ((rem >>> i) & 1) rem ^= 0x537 << (i - 10);
  return rem === 0;
}

describe('QR encoder', () => {
  it('picks the smallest version that holds the data', () => {
    expect(versionOf(encodeQr('hi'))).toBe(1);
    expect(versionOf(encodeQr('x'.repeat(14)))).toBe(1);
    expect(versionOf(encodeQr('x'.repeat(15)))).toBe(2);
    // A WhatsApp pairing string is about 240 characters.
    const v = versionOf(encodeQr('2@'.padEnd(240, 'Ab0+/=,')));
    expect(v).toBeGreaterThanOrEqual(10);
    expect(v).toBeLessThanOrEqual(13);
    expect(() => encodeQr('x'.repeat(3000))).toThrow(RangeError);
  });

  it('draws finder, timing and dark modules where the standard puts them', () => {
    const m = encodeQr('https://example.com/atende');
    const size = m.length;
    const finder = (cx, cy) => {
      for (let dy = -3; dy <= 3; dy += 1) {
        for (let dx = -3; dx <= 3; dx += 1) {
          const dist = Math.max(Math.abs(dx), Math.abs(dy));
          expect(m[cy + dy][cx + dx]).toBe(dist !== 2);
        }
      }
    };
    finder(3, 3);
    finder(size - 4, 3);
    finder(3, size - 4);
    for (let i = 8; i < size - 8; i += 1) {
      expect(m[6][i]).toBe(i % 2 === 0);
      expect(m[i][6]).toBe(i % 2 === 0);
    }
    expect(m[size - 8][8]).toBe(true);
  });

  it('writes valid format information, the same in both copies', () => {
    const m = encodeQr('2@ABCDEFGHIJKLMNOPQRSTUVWXYZ,abcdef==,123456==');
    const size = m.length;
    const bits = formatBits(m);
    expect(bchValid(bits)).toBe(true);
    let copy = 0;
    for (let i = 0; i < 8; i += 1) copy |= (m[8][size - 1 - i] ? 1 : 0) << i;
    for (let i = 8; i < 15; i += 1) copy |= (m[size - 15 + i][8] ? 1 : 0) << i;
    expect(copy).toBe(bits);
  });

  it('draws one unit square per dark module inside the quiet zone', () => {
    const m = encodeQr('abc');
    const dark = m.flat().filter(Boolean).length;
    const path = qrPath(m, 4);
    expect(path.match(/M/g)).toHaveLength(dark);
    expect(path.startsWith('M4 4h1v1h-1z')).toBe(true);
  });
});
