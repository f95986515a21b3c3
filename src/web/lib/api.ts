// The one way the web talks to the server: JSON, cookies included, and any
// non-2xx answer thrown as an ApiError whose message is "{status}: {body or status text}".

export type FieldErrors = Record<string, string>;

export class ApiError extends Error {
  readonly status: number;
  /** The server's `{message}`, meant for people (toasts); undefined when the body had none. */
  readonly serverMessage: string | undefined;
  /** The server's `{errors}`: per-field messages for forms. */
  readonly fieldErrors: FieldErrors | undefined;
  /** The server's `{data}`: what a refusal carries besides words (a 409's newer record). */
  readonly data: unknown;

  constructor(status: number, text: string, body: unknown) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    const parsed = isRecord(body) ? body : {};
    this.serverMessage = typeof parsed.message === 'string' ? parsed.message : undefined;
    this.fieldErrors = isRecord(parsed.errors) ? toFieldErrors(parsed.errors) : undefined;
    this.data = parsed.data;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toFieldErrors(errors: Record<string, unknown>): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, msg] of Object.entries(errors)) if (typeof msg === 'string') out[field] = msg;
  return out;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw new ApiError(res.status, text, parseJson(text));
}

async function readBody<T>(res: Response): Promise<T> {
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Sends a request and returns the parsed JSON answer (undefined for an empty body). `signal`
 * cancels it (react-query passes one to a query that a newer key has replaced).
 */
export async function apiRequest<T = unknown>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<T> {
  const res = await fetch(url, {
    method,
    signal,
    credentials: 'include',
    headers:
      body === undefined
        ? { Accept: 'application/json' }
        : { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(res);
  return readBody<T>(res);
}

export const apiGet = <T>(url: string) => apiRequest<T>('GET', url);

/** The text a toast shows for a failed call: the server's own words, else the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}

/** What a failed read says: the status when the server answered, else that it did not. */
export function httpErrorText(error: unknown): string {
  return error instanceof ApiError
    ? `HTTP error! status: ${error.status}`
    : 'The server could not be reached. Check your connection.';
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** Builds `path?key=value` leaving out empty values. */
export function withQuery(path: string, params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
