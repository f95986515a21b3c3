// Organization branding as CSS custom properties on <html>. The Tailwind theme (index.css) reads
// only these variables, so any screen that changes them (e.g. a live branding preview) restyles
// the whole app without touching components.
import {
  FOCUS_CONTRAST,
  isHexColor,
  readableAgainst,
  readableOn,
  readableOnAll,
  TEXT_CONTRAST,
} from '@common/contrast';
import type { SessionOrganization } from '@common/schemas/auth';

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

/** The dark theme's lightest surface (index.css `.dark` --surface-muted): brand text must read on it. */
export const DARK_SURFACE = '#1e293b';

/**
 * A brand colour as the app shows it in `theme`: in the dark theme it is lifted just enough to
 * read as text on the dark surfaces (4.5:1), keeping its hue.
 */
export function brandColorFor(color: string, theme: ResolvedTheme): string {
  return theme === 'dark' ? readableAgainst(color, DARK_SURFACE) : color;
}

/** The light theme's card and muted surfaces (index.css): the organization's background joins them. */
const LIGHT_SURFACES = ['#ffffff', '#f3f4f6'];
/** The dark theme's page, card and muted surfaces (index.css `.dark`). */
const DARK_SURFACES = ['#0f172a', '#111c33', DARK_SURFACE];

/** The surfaces the page draws on in `theme`, where brand text and focus rings must show. */
export function pageSurfaces(theme: ResolvedTheme, background?: string | null): string[] {
  if (theme === 'dark') return DARK_SURFACES;
  return isHexColor(background) ? [...LIGHT_SURFACES, background] : LIGHT_SURFACES;
}

/**
 * The shades of the primary colour the app draws straight on the page in `theme`: `text` for
 * links and headings (4.5:1 on every page surface) and `ring` for the focus ring (3:1). A pale
 * brand colour such as a light yellow is darkened for them; a fill keeps the colour itself.
 */
export function primaryOnPage(primary: string, theme: ResolvedTheme, background?: string | null) {
  const shown = brandColorFor(primary, theme);
  const surfaces = pageSurfaces(theme, background);
  return {
    text: readableOnAll(shown, surfaces, TEXT_CONTRAST),
    ring: readableOnAll(shown, surfaces, FOCUS_CONTRAST),
  };
}

const BRAND_COLORS = [
  ['primary', 'primaryColor'],
  ['secondary', 'secondaryColor'],
  ['accent', 'accentColor'],
] as const;

/** Every variable applyBranding may set, so a change of organization starts clean. */
const BRAND_VARS = [
  ...BRAND_COLORS.flatMap(([name]) =>
    ['light', 'dark'].flatMap((t) => [`--brand-${name}-${t}`, `--brand-${name}-${t}-foreground`]),
  ),
  ...['light', 'dark'].flatMap((t) => [`--brand-primary-text-${t}`, `--brand-ring-${t}`]),
  '--brand-background-light',
  '--brand-foreground-light',
];

/**
 * Sets (or, for missing values, clears back to the defaults in index.css) the brand variables:
 * each brand colour in a light and a dark version with the foreground of better WCAG contrast;
 * the `dark` class on <html> picks which (index.css), so switching theme needs nothing else.
 */
export function applyBranding(root: HTMLElement, branding: Branding | null, theme: ResolvedTheme): void {
  for (const name of BRAND_VARS) root.style.removeProperty(name);
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  if (!branding) return;
  for (const [name, field] of BRAND_COLORS) {
    const chosen = branding[field];
    if (!isHexColor(chosen)) continue;
    for (const t of ['light', 'dark'] as const) {
      const color = brandColorFor(chosen, t);
      root.style.setProperty(`--brand-${name}-${t}`, color);
      root.style.setProperty(`--brand-${name}-${t}-foreground`, readableOn(color));
    }
  }
  if (isHexColor(branding.primaryColor)) {
    for (const t of ['light', 'dark'] as const) {
      const { text, ring } = primaryOnPage(branding.primaryColor, t, branding.backgroundColor);
      root.style.setProperty(`--brand-primary-text-${t}`, text);
      root.style.setProperty(`--brand-ring-${t}`, ring);
    }
  }
  if (isHexColor(branding.backgroundColor))
    root.style.setProperty('--brand-background-light', branding.backgroundColor);
  if (isHexColor(branding.textColor)) root.style.setProperty('--brand-foreground-light', branding.textColor);
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
