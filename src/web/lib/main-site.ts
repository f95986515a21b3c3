// Links from an organization's address ({shortname}.{domain}) to the main site ({domain}), for
// what only the main site offers (registering a new organization).

/**
 * The main site's host (the base domain, with the page's port), from a page on it or on the
 * organization `shortname`'s own address.
 */
export function mainSiteHost(
  location: { hostname: string; port: string },
  shortname: string | null | undefined,
): string {
  const { hostname, port } = location;
  const onOrganization = shortname && hostname.startsWith(`${shortname}.`);
  const host = onOrganization ? hostname.slice(shortname.length + 1) : hostname;
  return `${host}${port ? `:${port}` : ''}`;
}

/** The main site's URL for `path`, or `path` itself when this page is already on the main site. */
export function mainSiteHref(path: string, shortname: string | null | undefined): string {
  const { protocol, hostname } = window.location;
  if (!shortname || !hostname.startsWith(`${shortname}.`)) return path;
  return `${protocol}//${mainSiteHost(window.location, shortname)}${path}`;
}

/**
 * The first label of this page's host: the organization's shortname, but only when the server
 * has said (organization context) that this is an organization's address.
 */
export function hostLabel(): string {
  return window.location.hostname.split('.')[0];
}

/**
 * `path` on the organization `target`'s own address, beside the main site: from the main site or
 * from another organization's address (`shortname`, the one this page is on).
 */
export function organizationHref(
  location: { protocol: string; hostname: string; port: string },
  shortname: string | null | undefined,
  target: string,
  path: string,
): string {
  return `${location.protocol}//${target}.${mainSiteHost(location, shortname)}${path}`;
}
