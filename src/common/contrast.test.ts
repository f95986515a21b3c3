import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  FOCUS_CONTRAST,
  formatRatio,
  readableAgainst,
  readableOn,
  readableOnAll,
  TEXT_CONTRAST,
} from './contrast';

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself, either order', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#6b46c1', '#6b46c1')).toBe(1);
  });

  it('matches the figures axe reports for the old defaults', () => {
    expect(contrastRatio('#ffffff', '#f0594f')).toBeCloseTo(3.36, 2);
    expect(contrastRatio('#ffffff', '#10b981')).toBeCloseTo(2.54, 1);
    expect(contrastRatio('#6b7280', '#f3f4f6')).toBeCloseTo(4.39, 2);
  });
});

describe('readableOn', () => {
  it('picks whichever of near-black and white reads better, not a luminance cut-off', () => {
    expect(readableOn('#10b981')).toBe('#111827');
    expect(readableOn('#f0594f')).toBe('#111827');
    expect(readableOn('#6b46c1')).toBe('#ffffff');
    expect(readableOn('#ffff00')).toBe('#111827');
  });

  it('reaches 4.5:1 on every grey from black to white', () => {
    for (let v = 0; v <= 255; v += 1) {
      const hex = `#${v.toString(16).padStart(2, '0').repeat(3)}`;
      expect(contrastRatio(hex, readableOn(hex))).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
  });
});

describe('readableAgainst', () => {
  it('keeps a colour that already reads and lightens one that does not on a dark surface', () => {
    expect(readableAgainst('#6b46c1', '#ffffff')).toBe('#6b46c1');
    const lifted = readableAgainst('#6b46c1', '#0f172a');
    expect(lifted).not.toBe('#6b46c1');
    expect(contrastRatio(lifted, '#0f172a')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('darkens on a light surface', () => {
    const darker = readableAgainst('#10b981', '#ffffff');
    expect(contrastRatio(darker, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });
});

describe('readableOnAll', () => {
  const light = ['#ffffff', '#f3f4f6', '#fafaf0'];
  const dark = ['#0f172a', '#111c33', '#1e293b'];

  it('darkens a pale brand yellow until it reads as text on every light surface', () => {
    expect(contrastRatio('#f5e663', '#ffffff')).toBeLessThan(1.5);
    const text = readableOnAll('#f5e663', light, TEXT_CONTRAST);
    for (const surface of light) expect(contrastRatio(text, surface)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('needs only 3:1 for a focus ring, so the ring stays closer to the brand colour', () => {
    const ring = readableOnAll('#f5e663', light, FOCUS_CONTRAST);
    const text = readableOnAll('#f5e663', light, TEXT_CONTRAST);
    for (const surface of light) expect(contrastRatio(ring, surface)).toBeGreaterThanOrEqual(FOCUS_CONTRAST);
    expect(contrastRatio(ring, '#f5e663')).toBeLessThan(contrastRatio(text, '#f5e663'));
  });

  it('lightens a deep navy on the dark surfaces and keeps a colour that already reads', () => {
    const text = readableOnAll('#1e3a8a', dark, TEXT_CONTRAST);
    for (const surface of dark) expect(contrastRatio(text, surface)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(readableOnAll('#6b46c1', light, TEXT_CONTRAST)).toBe('#6b46c1');
  });

  it('reaches the target for every grey and hue, in both directions', () => {
    for (let v = 0; v <= 255; v += 15) {
      for (const hex of [
        `#${v.toString(16).padStart(2, '0').repeat(3)}`,
        `#ff${v.toString(16).padStart(2, '0')}00`,
      ]) {
        for (const surfaces of [light, dark]) {
          const text = readableOnAll(hex, surfaces, TEXT_CONTRAST);
          for (const s of surfaces) expect(contrastRatio(text, s)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
        }
      }
    }
  });
});

describe('formatRatio', () => {
  it('rounds down so a failing ratio never shows as 4.5', () => {
    expect(formatRatio(4.49)).toBe('4.4:1');
    expect(formatRatio(21)).toBe('21.0:1');
  });
});
