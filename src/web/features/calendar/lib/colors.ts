// Event-type and space colours: kept in this browser's local storage under two
// keys, with the spec's defaults and eight choices.
import type { EventType, Space } from '@common/calendar';

export interface Swatch {
  name: string;
  background: string;
  border: string;
  text: string;
}

export const COLOR_CHOICES: Swatch[] = [
  { name: 'blue', background: '#dbeafe', border: '#3b82f6', text: '#1e3a8a' },
  { name: 'green', background: '#dcfce7', border: '#22c55e', text: '#14532d' },
  { name: 'purple', background: '#f3e8ff', border: '#a855f7', text: '#581c87' },
  { name: 'gray', background: '#f3f4f6', border: '#6b7280', text: '#1f2937' },
  { name: 'red', background: '#fee2e2', border: '#ef4444', text: '#7f1d1d' },
  { name: 'orange', background: '#ffedd5', border: '#f97316', text: '#7c2d12' },
  { name: 'yellow', background: '#fef9c3', border: '#eab308', text: '#713f12' },
  { name: 'pink', background: '#fce7f3', border: '#ec4899', text: '#831843' },
];

export const TYPE_COLORS_KEY = 'calendar-event-type-colors';
export const SPACE_COLORS_KEY = 'calendar-space-colors';

export type TypeColors = Record<EventType, Swatch>;
export type SpaceColors = Record<Space, string>;

const swatch = (name: string) => COLOR_CHOICES.find((c) => c.name === name) ?? COLOR_CHOICES[3];

export const DEFAULT_TYPE_COLORS: TypeColors = {
  show: swatch('blue'),
  class: swatch('green'),
  rehearsal: swatch('purple'),
  other: swatch('gray'),
};

export const DEFAULT_SPACE_COLORS: SpaceColors = {
  'Main Stage': swatch('blue').background,
  Office: swatch('green').background,
  Annex: swatch('purple').background,
};

const HEX = /^#[0-9a-f]{6}$/i;
const isSwatch = (v: unknown): v is Swatch => {
  const c = v as Swatch | null;
  return (
    typeof c === 'object' &&
    c !== null &&
    typeof c.name === 'string' &&
    [c.background, c.border, c.text].every((x) => typeof x === 'string' && HEX.test(x))
  );
};
const isHex = (v: unknown): v is string => typeof v === 'string' && HEX.test(v);

/**
 * Stored colours, each checked: the browser's storage can hold anything (an old version, an
 * extension, a hand edit), and a bad entry falls back to its default instead of breaking the page.
 */
function read<T extends Record<string, unknown>>(
  key: string,
  fallback: T,
  valid: (v: unknown) => boolean,
): T {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(window.localStorage.getItem(key) ?? 'null');
  } catch {
    return fallback;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return fallback;
  const stored = parsed as Record<string, unknown>;
  const out = { ...fallback };
  for (const name of Object.keys(fallback) as (keyof T)[]) {
    const value = stored[name as string];
    if (valid(value)) out[name] = value as T[keyof T];
  }
  return out;
}

export const readTypeColors = () => read(TYPE_COLORS_KEY, DEFAULT_TYPE_COLORS, isSwatch);
export const readSpaceColors = () => read(SPACE_COLORS_KEY, DEFAULT_SPACE_COLORS, isHex);

export function saveColors(types: TypeColors, spaces: SpaceColors) {
  window.localStorage.setItem(TYPE_COLORS_KEY, JSON.stringify(types));
  window.localStorage.setItem(SPACE_COLORS_KEY, JSON.stringify(spaces));
  window.dispatchEvent(new Event('calendar-colors'));
}

/**
 * A space's colour strong enough for a chip's colour bar: a space keeps a choice's pale
 * background, which would vanish as a thin bar, so the bar takes that choice's border colour.
 */
export const spaceBarColor = (color: string) =>
  COLOR_CHOICES.find((c) => c.background.toLowerCase() === color.toLowerCase())?.border ?? color;

/** A bar's background for an event's spaces: one colour, or equal stripes for several. */
export function spaceBarBackground(colors: string[]): string {
  if (colors.length === 0) return 'transparent';
  if (colors.length === 1) return colors[0];
  const share = 100 / colors.length;
  const stops = colors.map((c, i) => `${c} ${i * share}% ${(i + 1) * share}%`);
  return `linear-gradient(to bottom, ${stops.join(', ')})`;
}
