// WCAG 2.x contrast, shared by the branding provider (which foreground goes on a brand colour),
// the branding page (warns when a chosen pair cannot reach 4.5:1) and the tests.

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The minimum contrast for body text (WCAG 2.2 SC 1.4.3, level AA). */
export const TEXT_CONTRAST = 4.5;

/** The minimum contrast for a focus indicator against what surrounds it (WCAG 2.2 SC 1.4.11). */
export const FOCUS_CONTRAST = 3;

export function isHexColor(value: string | null | undefined): value is string {
  return typeof value === 'string' && HEX.test(value);
}

function channels(hex: string): [number, number, number] {
  const h = hex.length === 4 ? [...hex.slice(1)].map((c) => c + c).join('') : hex.slice(1);
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG relative luminance of a #rgb or #rrggbb colour (0 black … 1 white). */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio between two colours, 1 … 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

export const DARK_TEXT = '#111827';
export const LIGHT_TEXT = '#ffffff';

/**
 * The text colour to put on `background`: whichever of near-black and white contrasts more.
 * Chosen by the ratio itself, not a luminance cut-off; every colour gets at least 4.5:1.
 */
export function readableOn(background: string): string {
  // Pure black only where the softer near-black falls short (mid tones around 18% luminance).
  const dark = contrastRatio(background, DARK_TEXT) >= TEXT_CONTRAST ? DARK_TEXT : '#000000';
  return contrastRatio(background, dark) >= contrastRatio(background, LIGHT_TEXT) ? dark : LIGHT_TEXT;
}

/** Rounds a ratio down to one decimal for display ("4.4:1" never reads as passing). */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;
}

/**
 * `color` nudged toward white (on dark surfaces) or black (on light ones) just far enough to reach
 * `target` against `surface`: a brand colour used as text keeps its hue but stays readable.
 */
export function readableAgainst(color: string, surface: string, target = TEXT_CONTRAST): string {
  if (contrastRatio(color, surface) >= target) return color;
  const toward = luminance(surface) < 0.18 ? 255 : 0;
  const base = channels(color);
  for (let step = 1; step <= 20; step++) {
    const t = step / 20;
    const mixed = `#${base
      .map((c) =>
        Math.round(c + (toward - c) * t)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
    if (contrastRatio(mixed, surface) >= target) return mixed;
  }
  return toward === 255 ? LIGHT_TEXT : DARK_TEXT;
}

/**
 * `color` nudged until it reaches `target` against every one of `surfaces`, which are all light or
 * all dark (a theme's page, card and muted backgrounds): how a brand colour is drawn as text or
 * as a focus ring on the page. The hardest surface is checked last until all of them pass.
 */
export function readableOnAll(color: string, surfaces: readonly string[], target = TEXT_CONTRAST): string {
  let shade = color;
  for (let round = 0; round < surfaces.length; round++) {
    const failing = surfaces.find((s) => contrastRatio(shade, s) < target);
    if (!failing) break;
    shade = readableAgainst(shade, failing, target);
  }
  return shade;
}
