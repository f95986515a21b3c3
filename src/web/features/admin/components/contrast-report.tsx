import { contrastRatio, formatRatio, isHexColor, readableOn, TEXT_CONTRAST } from '@common/contrast';
import { TriangleAlert } from 'lucide-react';
import { brandColorFor } from '@web/lib/branding';

interface Colors {
  primaryColor: string;
  secondaryColor: string;
  accentColor: string;
  backgroundColor: string;
  textColor: string;
}

interface Pair {
  label: string;
  ratio: number;
}

/** Each brand colour with the text the app will put on it, in both themes, and the page text. */
function pairsOf(c: Colors): Pair[] {
  const pairs: Pair[] = [];
  for (const [label, color] of [
    ['Primary', c.primaryColor],
    ['Secondary', c.secondaryColor],
    ['Accent', c.accentColor],
  ] as const) {
    if (!isHexColor(color)) continue;
    for (const theme of ['light', 'dark'] as const) {
      const shown = brandColorFor(color, theme);
      pairs.push({ label: `Text on ${label} (${theme})`, ratio: contrastRatio(shown, readableOn(shown)) });
    }
  }
  if (isHexColor(c.textColor) && isHexColor(c.backgroundColor)) {
    pairs.push({ label: 'Text on Background', ratio: contrastRatio(c.textColor, c.backgroundColor) });
  }
  return pairs;
}

/**
 * The WCAG contrast of every pair the chosen colours make, with a warning for each that cannot
 * reach 4.5:1 (the app already picks the better of dark or white text on a brand colour).
 */
export function ContrastReport({ colors }: { colors: Colors }) {
  const pairs = pairsOf(colors);
  const failing = pairs.filter((p) => p.ratio < TEXT_CONTRAST);
  return (
    <div className="space-y-2 md:col-span-2" aria-live="polite">
      <h3 className="text-sm font-medium">Contrast</h3>
      {failing.length > 0 && (
        <p className="flex items-start gap-2 rounded-md border border-warning/50 bg-warning/10 p-2 text-sm">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {failing.map((p) => `${p.label} is ${formatRatio(p.ratio)}`).join('; ')}: below the{' '}
            {TEXT_CONTRAST}:1 readable text needs. Choose a lighter or darker color.
          </span>
        </p>
      )}
      <ul className="grid gap-x-4 text-sm text-muted-foreground sm:grid-cols-2">
        {pairs.map((p) => (
          <li key={p.label}>
            {p.label}: <span className="font-mono text-foreground">{formatRatio(p.ratio)}</span>
            {p.ratio < TEXT_CONTRAST ? ' (too low)' : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}
