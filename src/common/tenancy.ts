// Which organization a host name addresses. Isomorphic.

export type HostContext =
  | { isSystemDomain: true; shortname: null }
  | { isSystemDomain: false; shortname: string };

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
const LABEL = /^[a-z0-9-]+$/;
/** Hosting previews put this in their host names; such hosts are the main site. */
export const PREVIEW_MARKER = '--preview';

export function stripPort(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  return h.split(':')[0];
}

export function hostContext(rawHost: string | undefined, baseDomain: string): HostContext {
  const host = stripPort(rawHost ?? '');
  const main: HostContext = { isSystemDomain: true, shortname: null };
  if (!host || host === baseDomain || host === 'localhost' || IPV4.test(host) || host.startsWith('['))
    return main;
  if (host.includes(PREVIEW_MARKER)) return main;
  const first = host.split('.')[0];
  if (!LABEL.test(first) || host.split('.').length < 2) return main;
  return { isSystemDomain: false, shortname: first };
}

/** {shortname}.{host} for the same scheme and port as `origin`. */
export function organizationOrigin(origin: string, shortname: string): string {
  const url = new URL(origin);
  url.hostname = `${shortname}.${url.hostname}`;
  return url.origin;
}
