// Deep links survive sign-in: the guard sends a signed-out visitor to /login?next={where they
// were}, and sign-in goes back there. Only same-site paths are followed (no open redirect).

export function loginPathFor(pathAndSearch: string): string {
  // The dashboard is where sign-in goes anyway: no need to say so.
  if (pathAndSearch === '/' || pathAndSearch === '/dashboard' || pathAndSearch.startsWith('/login'))
    return '/login';
  return `/login?next=${encodeURIComponent(pathAndSearch)}`;
}

/** Where to go after signing in: a safe `next`, else the dashboard. */
export function returnPath(search: string): string {
  const next = new URLSearchParams(search).get('next');
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\')) return '/dashboard';
  return next;
}
