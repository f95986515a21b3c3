// Component tests: renders a piece of the web app into happy-dom's document with what the app
// wraps it in (a query client holding the session, a router at a given address), answers its
// API calls from a table, and finds controls as a person does: by label, role and text.
import type { Me } from '@common/schemas/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ME_KEY } from '@web/lib/session';

// React checks this to know its updates are awaited with act().
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

/** An answer to one API call: a JSON body (status 200) or a status with a body. */
export type Answer = unknown | { status: number; body: unknown };
/** Answers by method and path ('GET /api/…'); the request is recorded either way. */
export type Api = Record<string, (request: { url: URL; body: unknown }) => Answer>;

export interface Rendered {
  container: HTMLElement;
  /** Every API call made, as 'METHOD /path?query'. */
  calls: { method: string; url: URL; body: unknown }[];
  /** The router's address now (path and query). */
  location: () => string;
  unmount: () => Promise<void>;
}

const isStatusAnswer = (a: unknown): a is { status: number; body: unknown } =>
  typeof a === 'object' && a !== null && 'status' in a && 'body' in a;

/** Replaces fetch: each call is looked up in `api` by 'METHOD /path'; unknown calls answer 404. */
function answering(api: Api, calls: Rendered['calls']) {
  return async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://demo.localhost');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    const handler = api[`${method} ${url.pathname}`];
    const answer = handler ? handler({ url, body }) : { status: 404, body: { message: 'Not found' } };
    const [status, json] = isStatusAnswer(answer) ? [answer.status, answer.body] : [200, answer];
    return new Response(json === undefined ? '' : JSON.stringify(json), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
}

export async function render(
  ui: ReactNode,
  { me, api = {}, path = '/' }: { me?: Me; api?: Api; path?: string } = {},
): Promise<Rendered> {
  const calls: Rendered['calls'] = [];
  globalThis.fetch = answering(api, calls) as typeof fetch;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (me) client.setQueryData(ME_KEY, me);
  const memory = memoryLocation({ path, record: true });
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <Router hook={memory.hook} searchHook={memory.searchHook}>
          {ui}
        </Router>
      </QueryClientProvider>,
    ),
  );
  await settle();
  return {
    container,
    calls,
    location: () => memory.history.at(-1) ?? path,
    unmount: async () => {
      await act(async () => root.unmount());
      container.remove();
      client.clear();
    },
  };
}

/** Lets pending answers, lazy components and effects finish. */
export async function settle(rounds = 5) {
  for (let i = 0; i < rounds; i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

/** Waits (up to `ms`) for `find` to return something: a lazily loaded part of the page. */
export async function waitFor<T>(find: () => T | null | undefined, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() > until) throw new Error('waitFor: not found in time');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
  }
}

/** Clicks an element the way a pointer does, and waits for what follows. */
export async function click(element: Element) {
  await act(async () => {
    (element as HTMLElement).click();
  });
  await settle();
}

/** Types a value into an input as a person would (React sees an input event). */
export async function type(input: Element, value: string) {
  await act(async () => {
    const field = input as HTMLInputElement;
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
    setter?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await settle();
}

const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The control a visible label names: `<label for>`, or an `aria-label`. */
export function byLabel(scope: ParentNode, label: string): HTMLElement {
  for (const l of scope.querySelectorAll('label')) {
    const target = l.htmlFor ? document.getElementById(l.htmlFor) : null;
    if (target && text(l) === label) return target;
  }
  const named = scope.querySelector<HTMLElement>(`[aria-label="${label}"]`);
  if (named) return named;
  throw new Error(`No control labelled "${label}"`);
}

const IMPLICIT_ROLES: Record<string, string> = {
  a: 'link',
  button: 'button',
  h1: 'heading',
  h2: 'heading',
  section: 'region',
};

/** Elements with a role (explicit, or a button's, heading's or link's), by their name. */
export function allByRole(scope: ParentNode, role: string, name?: string | RegExp): HTMLElement[] {
  return [...scope.querySelectorAll<HTMLElement>('*')].filter((el) => {
    const own = el.getAttribute('role') ?? IMPLICIT_ROLES[el.tagName.toLowerCase()];
    if (own !== role) return false;
    if (name === undefined) return true;
    // A control inside its <label> is named by the label's text.
    const label = el.closest('label');
    const accessible = el.getAttribute('aria-label') ?? (label ? text(label) : text(el));
    return typeof name === 'string' ? accessible === name : name.test(accessible);
  });
}

export function byRole(scope: ParentNode, role: string, name?: string | RegExp): HTMLElement {
  const found = allByRole(scope, role, name);
  if (found.length !== 1) throw new Error(`${found.length} elements with role ${role} named ${String(name)}`);
  return found[0];
}

/** Whether some element's own text is exactly (or matches) this. */
export function hasText(scope: ParentNode, wanted: string | RegExp): boolean {
  return [...scope.querySelectorAll('*')].some((el) =>
    [...el.childNodes].some(
      (n) => n.nodeType === 3 && (typeof wanted === 'string' ? text(el) === wanted : wanted.test(text(el))),
    ),
  );
}
