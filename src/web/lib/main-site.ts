// Links from an organization's address ({shortname}.{domain}) to the main site ({domain}), for
// what only the main site offers (registering a new organization).

/** The main site's URL for `path`, or `path` itself when this page is already on the main site. */
export function mainSiteHref(path: string, shortname: string | null | undefined): string {
  const { protocol, hostname, port } = window.location;
  if (!shortname || !hostname.startsWith(`${shortname}.`)) return path;
  const host = hostname.slice(shortname.length + 1);
  return `${protocol}//${host}${port ? `:${port}` : ''}${path}`;
}

/**
 * The first label of this page's host: the organization's shortname, but only when the server
 * has said (organization context) that this is an organization's address.
 */
export function hostLabel(): string {
  return window.location.hostname.split('.')[0];
}
