import { Theater } from 'lucide-react';
import { useEffect, useState } from 'react';
import { isHexColor, readableOn } from '@common/contrast';
import { brandColorFor, primaryOnPage, resolveTheme } from '@web/lib/branding';

export interface PreviewBranding {
  primaryColor: string;
  secondaryColor: string;
  accentColor: string;
  backgroundColor: string;
  textColor: string;
  theme: string;
  logoUrl: string | null;
}

function usePrefersDark() {
  const query = '(prefers-color-scheme: dark)';
  const [dark, setDark] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const mql = window.matchMedia(query);
    const onChange = (e: MediaQueryListEvent) => setDark(e.matches);
    mql.addEventListener('change', onChange);
    return () => mql.removeEventListener('change', onChange);
  }, []);
  return dark;
}

/**
 * The app's own components in miniature, styled by the unsaved values: the brand variables are
 * set on this box only (the theme reads nothing else), so the rest of the page keeps the saved look.
 */
export function BrandingPreview({ branding, name }: { branding: PreviewBranding; name: string }) {
  const theme = resolveTheme(branding.theme, usePrefersDark());
  const vars: Record<string, string> = {};
  // The colours as the app shows them in this theme (lifted for the dark one), as applyBranding does.
  const set = (v: string, color: string, foreground: boolean) => {
    if (!isHexColor(color)) return;
    const shown = foreground ? brandColorFor(color, theme) : color;
    vars[v] = shown;
    if (foreground) vars[`${v}-foreground`] = readableOn(shown);
  };
  set('--brand-primary', branding.primaryColor, true);
  set('--brand-secondary', branding.secondaryColor, true);
  set('--brand-accent', branding.accentColor, true);
  if (theme === 'light') {
    set('--brand-background', branding.backgroundColor, false);
    set('--brand-foreground', branding.textColor, false);
  }
  if (isHexColor(branding.primaryColor)) {
    const onPage = primaryOnPage(branding.primaryColor, theme, branding.backgroundColor);
    vars['--brand-primary-text'] = onPage.text;
    vars['--brand-ring'] = onPage.ring;
  }
  return (
    <div
      data-testid="branding-preview"
      className={`${theme === 'dark' ? 'dark' : 'light'} overflow-hidden rounded-lg border bg-background text-foreground`}
      style={{ ...vars, colorScheme: theme } as React.CSSProperties}
    >
      <div className="flex items-center gap-2 border-b bg-background px-4 py-3 font-semibold">
        {branding.logoUrl ? (
          <img src={branding.logoUrl} alt="" className="size-7 rounded object-contain" />
        ) : (
          <Theater className="size-5 text-primary-text" aria-hidden="true" />
        )}
        <span className="truncate">{name}</span>
      </div>
      <div className="space-y-4 p-4">
        <div>
          <p className="text-lg font-semibold">Spring Musical Rehearsal</p>
          <p className="text-sm text-muted-foreground">Main Stage · Thursday 7:00 PM</p>
        </div>
        <p className="text-sm">Body text appears in your text color on your background.</p>
        <div className="flex flex-wrap gap-2">
          <span className="inline-flex h-9 items-center rounded-md bg-primary px-3 text-sm font-medium text-primary-foreground">
            Primary
          </span>
          <span className="inline-flex h-9 items-center rounded-md bg-secondary px-3 text-sm font-medium text-secondary-foreground">
            Secondary
          </span>
          <span className="inline-flex h-9 items-center rounded-full bg-accent px-3 text-xs font-semibold text-accent-foreground">
            Accent
          </span>
        </div>
        <div className="rounded-md border bg-card p-3 text-sm text-card-foreground">
          A card on the {theme} theme, with a <span className="text-primary-text underline">link</span>.
        </div>
      </div>
    </div>
  );
}
