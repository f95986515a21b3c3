// Organization branding as CSS custom properties on <html>. The Tailwind theme (index.css) reads
// only these variables, so any screen that changes them (e.g. a live branding preview) restyles
// the whole app without touching components.
import type { SessionOrganization } from '@common/types/session';

export interface Branding {
  primaryColor?: string | null;
  secondaryColor?: string | null;
  accentColor?: string | null;
  backgroundColor?: string | null;
  textColor?: string | null;
  theme?: string | null;
}

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHexColor(value: string | null | undefined): value is string {
  return typeof value === 'string' && HEX.test(value);
}

function channels(hex: string): [number, number, number] {
  const h = hex.length === 4 ? [...hex.slice(1)].map((c) => c + c).join('') : hex.slice(1);
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG relative luminance, to pick readable text on a brand colour. */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function readableOn(hex: string): string {
  return luminance(hex) > 0.45 ? '#111827' : '#ffffff';
}

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

/** Sets (or, for missing values, clears back to the defaults in index.css) the brand variables. */
export function applyBranding(root: HTMLElement, branding: Branding | null, theme: ResolvedTheme): void {
  for (const name of BRAND_VARS) root.style.removeProperty(name);
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  if (!branding) return;
  const set = (name: string, color: string | null | undefined, withForeground: boolean) => {
    if (!isHexColor(color)) return;
    root.style.setProperty(name, color);
    if (withForeground) root.style.setProperty(`${name}-foreground`, readableOn(color));
  };
  set('--brand-primary', branding.primaryColor, true);
  set('--brand-secondary', branding.secondaryColor, true);
  set('--brand-accent', branding.accentColor, true);
  // An organization's page colours are for its light look; dark mode keeps its own palette.
  if (theme === 'light') {
    set('--brand-background', branding.backgroundColor, false);
    set('--brand-foreground', branding.textColor, false);
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
