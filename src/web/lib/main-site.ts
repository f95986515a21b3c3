// Links from an organization's address ({shortname}.{domain}) to the main site ({domain}), for
// what only the main site offers (registering a new organization).

/** The main site's URL for `path`, or `path` itself when this page is already on the main site. */
export function mainSiteHref(path: string, shortname: string | null | undefined): string {
  const { protocol, hostname, port } = window.location;
  if (!shortname || !hostname.startsWith(`${shortname}.`)) return path;
  const host = hostname.slice(shortname.length + 1);
  return `${protocol}//${host}${port ? `:${port}` : ''}${path}`;
}

/** The organization's label when this page is on an organization's address, by host name alone. */
export function addressedShortname(): string | null {
  const parts = window.location.hostname.split('.');
  return parts.length >= 2 && !/^\d+$/.test(parts[parts.length - 1]) ? parts[0] : null;
}
