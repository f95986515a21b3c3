// Organization branding as CSS custom properties on <html>. The Tailwind theme (index.css) reads
// only these variables, so any screen that changes them (e.g. a live branding preview) restyles
// the whole app without touching components.
import { isHexColor, readableAgainst, readableOn } from '@common/contrast';
import type { SessionOrganization } from '@common/types/session';

export interface Branding {
  primaryColor?: string | null;
  secondaryColor?: string | null;
  accentColor?: string | null;
  backgroundColor?: string | null;
  textColor?: string | null;
  theme?: string | null;
}

export { isHexColor } from '@common/contrast';

export type ResolvedTheme = 'light' | 'dark';

export function resolveTheme(theme: string | null | undefined, prefersDark: boolean): ResolvedTheme {
  if (theme === 'dark') return 'dark';
  if (theme === 'auto') return prefersDark ? 'dark' : 'light';
  return 'light';
}

const BRAND_VARS = [
  '--brand-primary',
  '--brand-primary-foreground',
  '--brand-secondary',
  '--brand-secondary-foreground',
  '--brand-accent',
  '--brand-accent-foreground',
  '--brand-background',
  '--brand-foreground',
] as const;

/** The app's own colours (index.css), used where an organization chose none. */
export const DEFAULT_BRAND = { primary: '#6b46c1', secondary: '#f0594f', accent: '#10b981' } as const;
/** The dark theme's page colour (index.css `.dark`). */
export const DARK_BACKGROUND = '#0f172a';

/**
 * A brand colour as the app shows it in `theme`: in the dark theme it is lifted just enough to
 * read as text on the dark page (4.5:1), keeping its hue.
 */
export function brandColorFor(color: string, theme: ResolvedTheme): string {
  return theme === 'dark' ? readableAgainst(color, DARK_BACKGROUND) : color;
}

/**
 * Sets (or, for missing values, clears back to the defaults in index.css) the brand variables.
 * Every brand colour gets the foreground (near-black or white) with the better WCAG contrast.
 */
export function applyBranding(root: HTMLElement, branding: Branding | null, theme: ResolvedTheme): void {
  for (const name of BRAND_VARS) root.style.removeProperty(name);
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  const brand = (name: string, chosen: string | null | undefined, fallback: string) => {
    const color = brandColorFor(isHexColor(chosen) ? chosen : fallback, theme);
    root.style.setProperty(name, color);
    root.style.setProperty(`${name}-foreground`, readableOn(color));
  };
  brand('--brand-primary', branding?.primaryColor, DEFAULT_BRAND.primary);
  brand('--brand-secondary', branding?.secondaryColor, DEFAULT_BRAND.secondary);
  brand('--brand-accent', branding?.accentColor, DEFAULT_BRAND.accent);
  // An organization's page colours are for its light look; dark mode keeps its own palette.
  if (theme === 'light' && branding) {
    if (isHexColor(branding.backgroundColor))
      root.style.setProperty('--brand-background', branding.backgroundColor);
    if (isHexColor(branding.textColor)) root.style.setProperty('--brand-foreground', branding.textColor);
  }
}

export function brandingOf(org: SessionOrganization | null): Branding | null {
  if (!org) return null;
  const { primaryColor, secondaryColor, accentColor, backgroundColor, textColor, theme } = org;
  return { primaryColor, secondaryColor, accentColor, backgroundColor, textColor, theme };
}

const STYLESHEET_ID = 'organization-custom-css';

/**
 * Links (or, with null, unlinks) an organization's custom stylesheet after the app's own styles.
 * The server checked the CSS when it was saved and serves it as text/css: it can restyle, but
 * cannot fetch from other hosts or run anything. The href carries a version so a save shows at once.
 */
export function setOrganizationStylesheet(href: string | null): void {
  const existing = document.getElementById(STYLESHEET_ID) as HTMLLinkElement | null;
  if (!href) {
    existing?.remove();
    return;
  }
  if (existing?.getAttribute('href') === href) return;
  const link = existing ?? document.createElement('link');
  link.id = STYLESHEET_ID;
  link.rel = 'stylesheet';
  link.href = href;
  // Last in <head>, so its rules win over the app's at equal specificity.
  document.head.appendChild(link);
}

/** The member app's stylesheet address for an organization, versioned by its last change. */
export function organizationStylesheetHref(org: { id: number; updatedAt?: string | null }): string {
  return `/api/organizations/${org.id}/custom.css?v=${encodeURIComponent(org.updatedAt ?? '')}`;
}
