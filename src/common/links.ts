// How a team link is shown: a known site gets its own icon and name, anything
// else a generic icon labelled by its host without "www.". Shared by the page and its tests.

export type LinkSite = 'youtube' | 'instagram' | 'facebook' | 'tiktok' | 'website';

const SITES: { site: Exclude<LinkSite, 'website'>; label: string; hosts: string[] }[] = [
  { site: 'youtube', label: 'YouTube', hosts: ['youtube.com', 'youtu.be', 'youtube-nocookie.com'] },
  { site: 'instagram', label: 'Instagram', hosts: ['instagram.com', 'instagr.am'] },
  { site: 'facebook', label: 'Facebook', hosts: ['facebook.com', 'fb.com', 'fb.me', 'fb.watch'] },
  { site: 'tiktok', label: 'TikTok', hosts: ['tiktok.com'] },
];

export interface LinkKind {
  site: LinkSite;
  /** The site's name, or the host without "www." for any other site. */
  label: string;
}

/** Host match on a label boundary, so "notyoutube.com" is not YouTube but "m.youtube.com" is. */
const onHost = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

export function linkKind(url: string): LinkKind {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return { site: 'website', label: url };
  }
  for (const s of SITES) if (s.hosts.some((h) => onHost(host, h))) return { site: s.site, label: s.label };
  return { site: 'website', label: host.replace(/^www\./, '') };
}

/** What a link reads as: the label its author gave, else the site's. */
export function linkLabel(link: { url: string; label?: string | null }): string {
  const own = link.label?.trim();
  return own ? own : linkKind(link.url).label;
}

/**
 * People type "example.org/cast" and mean https://example.org/cast: an address that looks like a
 * host name and has no scheme gets https:// added. Anything else is left for validation to refuse.
 */
export function withWebScheme(value: string): string {
  const v = value.trim();
  if (v === '' || /^[a-z][a-z0-9+.-]*:/i.test(v)) return v;
  return /^[^\s/:@]+\.[a-z]{2,}(?::\d+)?(?:[/?#]\S*)?$/i.test(v) ? `https://${v}` : v;
}

/** Only web addresses are links: javascript:, data: and the like never reach an href. */
export function isWebUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * The href a stored link may have on a page: web addresses only, anything else (a javascript:
 * or data: URL that reached the database some other way than the API) renders as no link at all.
 */
export function webHref(value: string | null | undefined): string | undefined {
  return value && isWebUrl(value) ? value : undefined;
}
