import { useEffect, useState } from 'react';
import {
  applyBranding,
  brandingOf,
  organizationStylesheetHref,
  resolveTheme,
  setOrganizationStylesheet,
} from '@web/lib/branding';
import { setDisplayTimeZone } from '@web/lib/format';
import { useAuth } from '@web/lib/session';

const DEFAULT_FAVICON = '/favicon.svg';
/** index.html's theme colour: Greenroom's primary, as the main site's manifest says. */
const DEFAULT_THEME_COLOR = '#6b46c1';

function usePrefersDark(): boolean {
  const query = '(prefers-color-scheme: dark)';
  const [prefersDark, setPrefersDark] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const mql = window.matchMedia(query);
    const onChange = (e: MediaQueryListEvent) => setPrefersDark(e.matches);
    mql.addEventListener('change', onChange);
    return () => mql.removeEventListener('change', onChange);
  }, []);
  return prefersDark;
}

function setFavicon(href: string) {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  link.href = href;
}

/** Applies the signed-in organization's colours, theme and favicon (the title: PageAnnouncer). */
export function BrandingProvider({ children }: { children: React.ReactNode }) {
  const { organization } = useAuth();
  const prefersDark = usePrefersDark();
  // Set while rendering, not in an effect: the pages below format their dates in this same render.
  setDisplayTimeZone(organization?.timezone);

  useEffect(() => {
    const branding = brandingOf(organization);
    applyBranding(document.documentElement, branding, resolveTheme(branding?.theme, prefersDark));
  }, [organization, prefersDark]);

  useEffect(() => {
    setFavicon(organization?.favicon || DEFAULT_FAVICON);
    // The browser's and an installed app's title bar take the organization's colour, as its manifest.
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', organization?.primaryColor || DEFAULT_THEME_COLOR);
  }, [organization]);

  useEffect(() => {
    setOrganizationStylesheet(organization ? organizationStylesheetHref(organization) : null);
  }, [organization]);

  return <>{children}</>;
}
