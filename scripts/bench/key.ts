/** How the bare server finds the canned answer for a request (host, URL, conditional or not). */
export const cannedKey = (host: string | undefined, url: string | undefined, conditional: boolean) =>
  `${host} ${url} ${conditional ? 'inm' : 'full'}`;
