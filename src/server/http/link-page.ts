// Pages for links people open from a mail (unsubscribe, a call's one-click answer): the server
// renders them itself, small and plain, and a refusal reads as a page rather than JSON.
import type { FastifyReply, FastifyRequest } from 'fastify';

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A whole page: the title as written, the body as HTML the caller has already escaped. */
export const htmlPage = (
  title: string,
  body: string,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="font-family:sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#111827">
<h1 style="font-size:1.4rem">${escapeHtml(title)}</h1>${body}</body></html>`;

/** A browser opening a link names text/html; the web app's own requests do not. */
const wantsHtml = (request: FastifyRequest) =>
  /(^|,)\s*text\/html\s*(;|,|$)/i.test(request.headers.accept ?? '');

/**
 * An `onSend` hook for a link's route: when a browser asked for the page, an error's
 * `{message}` becomes a page titled `title` with the message as its text.
 */
export function errorsAsPage(title: string) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode < 400 || !wantsHtml(request) || typeof payload !== 'string') return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    let message: unknown;
    try {
      message = (JSON.parse(payload) as { message?: unknown }).message;
    } catch {
      return payload;
    }
    if (typeof message !== 'string') return payload;
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    return htmlPage(title, `<p>${escapeHtml(message)}</p>`);
  };
}
