import {
  contrastRatio,
  FOCUS_CONTRAST,
  formatRatio,
  isHexColor,
  readableOn,
  TEXT_CONTRAST,
} from '@common/contrast';
import { TriangleAlert } from 'lucide-react';
import { brandColorFor, pageSurfaces, primaryOnPage } from '@web/lib/branding';

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
  /** 4.5 for text, 3 for a focus ring. */
  needs: number;
}

/** The lowest contrast `color` makes with any of the page surfaces of a theme. */
function worstOnPage(color: string, surfaces: string[]): number {
  return Math.min(...surfaces.map((s) => contrastRatio(color, s)));
}

/**
 * Every pair the app draws with the chosen colours, in both themes: text on each brand colour,
 * the primary colour as link text and as the focus ring on the page, and the page text.
 */
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
      pairs.push({
        label: `Text on ${label} (${theme})`,
        ratio: contrastRatio(shown, readableOn(shown)),
        needs: TEXT_CONTRAST,
      });
    }
  }
  if (isHexColor(c.primaryColor)) {
    for (const theme of ['light', 'dark'] as const) {
      const surfaces = pageSurfaces(theme, c.backgroundColor);
      const { text, ring } = primaryOnPage(c.primaryColor, theme, c.backgroundColor);
      pairs.push({
        label: `Links on the page (${theme})`,
        ratio: worstOnPage(text, surfaces),
        needs: TEXT_CONTRAST,
      });
      pairs.push({
        label: `Focus ring (${theme})`,
        ratio: worstOnPage(ring, surfaces),
        needs: FOCUS_CONTRAST,
      });
    }
  }
  if (isHexColor(c.textColor) && isHexColor(c.backgroundColor)) {
    pairs.push({
      label: 'Text on Background',
      ratio: contrastRatio(c.textColor, c.backgroundColor),
      needs: TEXT_CONTRAST,
    });
  }
  return pairs;
}

/**
 * The WCAG contrast of every pair the chosen colours make, with a warning for each below what it
 * needs (the app already picks the better of dark or white text on a brand colour and darkens or
 * lightens the primary colour for links and the focus ring).
 */
export function ContrastReport({ colors }: { colors: Colors }) {
  const pairs = pairsOf(colors);
  const failing = pairs.filter((p) => p.ratio < p.needs);
  return (
    <div className="space-y-2 md:col-span-2" aria-live="polite">
      <h3 className="text-sm font-medium">Contrast</h3>
      {failing.length > 0 && (
        <p className="flex items-start gap-2 rounded-md border border-warning/50 bg-warning/10 p-2 text-sm">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {failing.map((p) => `${p.label} is ${formatRatio(p.ratio)}, below ${p.needs}:1`).join('; ')}.
            Choose a lighter or darker color.
          </span>
        </p>
      )}
      <ul className="grid gap-x-4 text-sm text-muted-foreground sm:grid-cols-2">
        {pairs.map((p) => (
          <li key={p.label}>
            {p.label}: <span className="font-mono text-foreground">{formatRatio(p.ratio)}</span>
            {p.ratio < p.needs ? ' (too low)' : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}
