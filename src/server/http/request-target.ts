// The request target as the router reads it. The router also accepts an absolute-form target
// ("GET http://host/path") and decodes percent-escapes before matching, so the raw `request.url`
// can differ from what was matched: checks look at the matched route or at `requestPath`.
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * Only origin-form targets ("/path?query") are served. Clients send absolute form only to a
 * forward proxy, and reverse proxies forward origin form, so no legitimate caller is refused; the
 * Host header and the target's own authority could otherwise name two different organizations.
 */
export function refuseNonOriginTarget(request: FastifyRequest) {
  if (request.url.charCodeAt(0) !== 47) throw new AppError(400, 'Bad request');
}

/** The matched route's pattern ("/api/organizations/:orgId/users"), or undefined when none matched. */
export const matchedRoute = (request: FastifyRequest): string | undefined => request.routeOptions.url;

/** The target's path, percent-escapes decoded as the router decodes them before matching. */
export function requestPath(url: string): string {
  const path = url.split('?')[0];
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
