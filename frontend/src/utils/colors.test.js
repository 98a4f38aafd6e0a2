import { describe, expect, it } from 'vitest';
import { PALETTE, contrastText, isHexColor, randomColor } from './colors';

describe('colours', () => {
  it('makes random #RRGGBB colours', () => {
    expect(randomColor(() => 0)).toBe('#000000');
    expect(randomColor(() => 0.999)).toBe('#FFFFFF');
    for (let i = 0; i < 20; i += 1) expect(randomColor()).toMatch(/^#[0-9A-F]{6}$/);
  });

  it('recognises hex colours', () => {
    expect(isHexColor('#fff')).toBe(true);
    expect(isHexColor('#7C7C7C')).toBe(true);
    expect(isHexColor('red')).toBe(false);
    expect(PALETTE.every(isHexColor)).toBe(true);
  });

  it('picks readable text', () => {
    expect(contrastText('#FFFFFF')).toBe('#000');
    expect(contrastText('#000')).toBe('#fff');
  });
});
