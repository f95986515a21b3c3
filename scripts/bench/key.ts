/** How the bare server finds the canned answer for a request: host, URL, conditional, compressed. */
export const cannedKey = (
  host: string | undefined,
  url: string | undefined,
  conditional: boolean,
  compressed: boolean,
) => `${host} ${url} ${conditional ? 'inm' : 'full'} ${compressed ? 'enc' : 'plain'}`;
