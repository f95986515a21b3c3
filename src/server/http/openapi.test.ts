// GET /api/openapi.json: the API's description, built from the routes' own zod schemas. Held
// against the app's route table, so a route the document leaves out, or describes without the
// inputs it validates or the answer it gives on success, fails here by name.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, getTestApp, type TestContext } from '../../../tests/support/app';
import type { RegisteredRoute } from './types';

interface Parameter {
  in: string;
  name: string;
}
interface Response {
  description: string;
  content?: Record<string, { schema: unknown }>;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, Response>;
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
}

/**
 * The routes whose success answer is not JSON, with the content type the document gives it. Each
 * is sent as made (a string with its own type, or bytes), so its schema names the type; the
 * manifest alone has a JSON shape, under its own media type.
 */
const NOT_JSON: Record<string, string> = {
  // Exports people download and open in a spreadsheet.
  'GET /api/organizations/:orgId/users.csv': 'text/csv',
  'GET /api/organizations/:orgId/attendance/report.csv': 'text/csv',
  'GET /api/organizations/:orgId/volunteer-hours.csv': 'text/csv',
  // Calendar subscriptions, read by calendar apps.
  'GET /api/feeds/:token': 'text/calendar',
  'GET /api/public/:orgShortname/calendar.ics': 'text/calendar',
  // The organization's own stylesheet, linked from its pages.
  'GET /api/organizations/:orgId/custom.css': 'text/css',
  'GET /api/public/:orgShortname/custom.css': 'text/css',
  // The one-click unsubscribe link opens in a browser, from a mail: a page, not data.
  'GET /api/unsubscribe': 'text/html',
  'POST /api/unsubscribe': 'text/html',
  // Stored bytes: images re-encoded on upload, icons drawn from them, and team files as uploaded.
  'GET /files/:id/:key': 'image/*',
  'GET /app-icons/:name': 'image/png',
  'GET /api/teams/:teamId/assets/:assetId/download': 'application/octet-stream',
  // The installable app's manifest, which browsers ask for by this media type.
  'GET /manifest.webmanifest': 'application/manifest+json',
};

let ctx: TestContext;
let doc: OpenApiDocument;
let raw: string;
beforeAll(async () => {
  ctx = await getTestApp();
  const res = await new Agent(ctx.app).get('/api/openapi.json');
  expect(res.statusCode).toBe(200);
  raw = res.body;
  doc = JSON.parse(raw);
}, 120_000);

/** '/api/teams/:teamId' as OpenAPI spells it: '/api/teams/{teamId}'. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const operationOf = (route: RegisteredRoute) =>
  doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
const key = (route: RegisteredRoute) => `${route.method} ${route.url}`;
const described = () => ctx.app.routeTable.filter((route) => !route.websocket);
const jsonSchemaOf = (content: Record<string, { schema: unknown }> | undefined) =>
  content?.['application/json']?.schema;

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3 document named for the app and its release, served without a session', () => {
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info.title).toBe('Greenroom API');
    const { version } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
    expect(doc.info.version).toBe(version);
  });

  it('has one operation for every registered route, and none for a route the app does not have', () => {
    expect(
      described()
        .filter((r) => !operationOf(r))
        .map(key),
      'routes the document leaves out',
    ).toEqual([]);
    const registered = new Set(described().map((r) => `${r.method.toLowerCase()} ${openApiPath(r.url)}`));
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method} ${path}`),
    );
    expect(
      operations.filter((op) => !registered.has(op)),
      'operations with no route',
    ).toEqual([]);
  });

  it('describes the path parameters, query string and body of every route that validates them', () => {
    const missing: string[] = [];
    for (const route of described()) {
      const schema = route.schema;
      const op = operationOf(route);
      if (!schema || !op) continue;
      const where = new Set((op.parameters ?? []).map((p) => p.in));
      if (schema.params && !where.has('path')) missing.push(`${key(route)}: path parameters`);
      if (schema.querystring && !where.has('query')) missing.push(`${key(route)}: query string`);
      if (schema.body && !jsonSchemaOf(op.requestBody?.content)) missing.push(`${key(route)}: body`);
    }
    expect(missing).toEqual([]);
  });

  it('describes the success answer of every route: its JSON, no content for a 204, or its content type', () => {
    const missing: string[] = [];
    for (const route of described()) {
      const op = operationOf(route);
      if (!op) continue;
      const successes = Object.entries(op.responses).filter(([status]) => status.startsWith('2'));
      const notJson = NOT_JSON[key(route)];
      const describedAnswer = ([status, answer]: [string, Response]) =>
        notJson
          ? answer.content?.[notJson]?.schema !== undefined
          : status === '204'
            ? answer.content === undefined
            : jsonSchemaOf(answer.content) !== undefined;
      if (successes.length === 0 || !successes.every(describedAnswer)) missing.push(key(route));
    }
    expect(missing, 'routes whose success answer the document does not describe').toEqual([]);
    const routes = new Set(described().map(key));
    expect(
      Object.keys(NOT_JSON).filter((r) => !routes.has(r)),
      'non-JSON answers of routes the app no longer has',
    ).toEqual([]);
  });

  it("describes the sign-in body with its fields and the teams list's 200 answer", () => {
    const login = jsonSchemaOf(doc.paths['/api/login'].post.requestBody?.content) as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(Object.keys(login.properties)).toEqual(expect.arrayContaining(['username', 'password']));
    expect(login.required).toEqual(expect.arrayContaining(['username', 'password']));

    const teams = doc.paths['/api/organizations/{orgId}/teams'].get;
    expect(teams.parameters).toContainEqual(expect.objectContaining({ in: 'path', name: 'orgId' }));
    expect(jsonSchemaOf(teams.responses['200'].content)).toMatchObject({ type: expect.any(String) });
  });

  it('describes a Date in an answer, which JSON Schema has no type for, as a date-time string', () => {
    const outbox = jsonSchemaOf(doc.paths['/api/system/outbox'].get.responses['200'].content);
    const dateTime = { anyOf: expect.arrayContaining([{ type: 'string', format: 'date-time' }]) };
    expect(outbox).toMatchObject({
      properties: { items: { items: { properties: { createdAt: dateTime } } } },
    });
  });

  it('points every reference at a schema the document holds', () => {
    const refs = [...raw.matchAll(/"\$ref":"([^"]*)"/g)].map((m) => m[1]);
    const schemas = doc.components?.schemas ?? {};
    const dangling = refs.filter(
      (ref) => !(ref.startsWith('#/components/schemas/') && ref.slice(21) in schemas),
    );
    expect(dangling).toEqual([]);
  });
});
