// Generators for the hostile-input suite (tests/security/fuzz.test.ts): values that fit a route's
// own zod schema (through its JSON Schema), and the ways an attacker bends them.
import fc from 'fast-check';
import { z } from 'zod';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
};

/** The input shape a route declared, as JSON Schema (undefined when it declared none). */
export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return undefined;
  return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

const PASSWORD = 'Correct-horse-9!';
/**
 * Fields whose rules JSON Schema cannot carry (refinements): values that pass them, so most
 * generated bodies reach the handler and the hostile part is the one field a mutation bends.
 */
const KNOWN_FIELDS: Record<string, fc.Arbitrary<unknown>> = {
  email: fc.stringMatching(/^[a-z]{1,12}$/).map((s) => `${s}@example.test`),
  ownerEmail: fc.stringMatching(/^[a-z]{1,12}$/).map((s) => `${s}@example.test`),
  password: fc.constant(PASSWORD),
  newPassword: fc.constant(PASSWORD),
  confirmPassword: fc.constant(PASSWORD),
  url: fc.webUrl(),
  teamUrl: fc.webUrl(),
  startDateTime: fc.constant('2030-05-02T18:00:00'),
  endDateTime: fc.constant('2030-05-02T19:30:00'),
  from: fc.constant('2030-05-01'),
  to: fc.constant('2030-05-31'),
  spaces: fc.constant(['Annex']),
  agreeToTerms: fc.constant(true),
  eventUrl: fc.webUrl(),
  isRecurring: fc.constant(false),
  ...Object.fromEntries(
    [
      'recurringPattern',
      'recurringInterval',
      'recurringEnd',
      'recurringEndType',
      'recurringEndCount',
      'recurringWeeklyDays',
      'recurringMonthlyWeek',
      'recurringMonthlyWeekday',
      'instructorId',
      'teamId',
    ].map((k) => [k, fc.constant(undefined)]),
  ),
};

/** A field whose valid value only the test's world knows (an id of its own). */
export function knowField(name: string, value: fc.Arbitrary<unknown>) {
  KNOWN_FIELDS[name] = value;
}

/** Values the schema accepts (or nearly: patterns the generator cannot follow fall back to text). */
export function fitting(schema: JsonSchema | undefined, depth = 0, key = ''): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.constant(undefined);
  const known = KNOWN_FIELDS[key];
  if (known && !schema.enum && !schema.anyOf?.some((s) => s.enum)) return known;
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => fitting(s, depth + 1, key)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      const maxLength = Math.min(schema.maxLength ?? 40, 40);
      if (schema.pattern) {
        try {
          return fc
            .stringMatching(new RegExp(schema.pattern))
            .filter((s) => s.length >= (schema.minLength ?? 0) && s.length <= (schema.maxLength ?? 1e6));
        } catch {
          // A pattern fast-check cannot read (lookahead): plain text, which the route may refuse.
        }
      }
      return fc.string({ minLength: Math.min(schema.minLength ?? 0, maxLength), maxLength });
    }
    case 'integer':
      return fc.integer({
        min: schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000),
        max: Math.min(schema.maximum ?? 100_000, 2_147_483_647),
      });
    case 'number':
      return fc.double({ noNaN: true, min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fitting(schema.items, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(properties)) model[k] = fitting(v, depth + 1, k);
      if (Object.keys(model).length === 0)
        return fc.dictionary(fc.string({ maxLength: 10 }), fc.string(), { maxKeys: 3 });
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in model) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Strings an attacker tries in any text field. */
export const HOSTILE_STRINGS = [
  "' OR '1'='1",
  "'; drop table users; --",
  '1; select pg_sleep(5)--',
  "' union select password, email from users --",
  "%' or 1=1 --",
  '\\',
  '$1',
  '<script>window.__pwned=1</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{constructor.constructor("return process")()}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection payload, on purpose.
  '${process.exit(1)}',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  'a\u0000b',
  '\u0000',
  '\ud800',
  '\udfff\ud800',
  '\u202e\u200b\ufeff',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 😀 ',
  ' ',
  '',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '99999999999999999999999',
  '2147483648',
  '-2147483649',
  'true',
  'null',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '%s%s%s%n',
  '\r\nSet-Cookie: evil=1',
  'a & | ! (b',
  "foo:* <-> bar ' \\",
  '!!!',
  '"unterminated',
  '(?<x>[',
  '%_\\%',
  '2024-02-30',
  '0000-00-00T00:00:00',
  '+275760-09-13T00:00:00',
  '2030-01-01T25:61:00',
  '1970-01-01',
  'P1Y2M',
  '#zzzzzz',
  'data:text/html,<script>alert(1)</script>',
];

/** Nested arrays `depth` deep: [[[[...]]]]. */
export function deeplyNested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

const HUGE_STRING = 'x'.repeat(200_000);
const HUGE_ARRAY = Array.from({ length: 20_000 }, (_, i) => i);
const DEEP = deeplyNested(3_000);

/** A value of the wrong kind, size or content for whatever field it lands in. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, -1e308, 1e308, 2 ** 53, [], {}, [null], { '': '' }),
  fc.constantFrom<unknown>(HUGE_STRING, HUGE_ARRAY, DEEP),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.jsonValue({ maxDepth: 3 }),
);

export const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype'];

export type Mutation =
  | { kind: 'as-is' }
  | { kind: 'set'; key: string; value: unknown }
  | { kind: 'drop'; key: string }
  | { kind: 'extra'; key: string; value: unknown }
  | { kind: 'pollute'; key: string }
  | { kind: 'replace'; value: unknown }
  | { kind: 'inject'; key: string; value: string };

/** How an attacker bends one object: a field set wrong, dropped, added, a pollution key, or all of it. */
export function mutation(keys: string[]): fc.Arbitrary<Mutation> {
  const key = keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('x');
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant<Mutation>({ kind: 'as-is' }) },
    {
      // A payload in a field that takes text, short enough to pass validation and reach the handler.
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('inject' as const),
        key,
        value: fc.constantFrom(...HOSTILE_STRINGS.filter((v) => v.length > 0)),
      }),
    },
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('set' as const), key, value: hostileValue }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('drop' as const), key }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('extra' as const),
        key: fc.oneof(
          fc.string({ maxLength: 12 }),
          fc.constantFrom(
            'id',
            'organizationId',
            'organization_id',
            'isSystemUser',
            'is_system_user',
            'role',
            'created_at',
            'archived_at',
            'header_image',
            'handle',
            'password',
          ),
        ),
        value: hostileValue,
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('pollute' as const),
        key: fc.constantFrom(...POLLUTION_KEYS),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('replace' as const), value: hostileValue }) },
  );
}

/** The JSON text of `base` bent by `m` (pollution keys are written into the text itself). */
export function applyToJson(base: unknown, m: Mutation): string {
  if (m.kind === 'replace') return JSON.stringify(m.value) ?? 'null';
  const object = base && typeof base === 'object' && !Array.isArray(base) ? { ...(base as object) } : {};
  const record = object as Record<string, unknown>;
  if (m.kind === 'set' || m.kind === 'extra') record[m.key] = m.value;
  if (m.kind === 'inject' && (typeof record[m.key] === 'string' || record[m.key] === undefined))
    record[m.key] = m.value;
  if (m.kind === 'drop') delete record[m.key];
  const text = JSON.stringify(record);
  if (m.kind !== 'pollute') return text;
  const poison =
    m.key === 'constructor'
      ? '"constructor":{"prototype":{"polluted":"yes"}}'
      : `"${m.key}":{"polluted":"yes","isSystemUser":true}`;
  return text === '{}' ? `{${poison}}` : `{${poison},${text.slice(1)}`;
}

/** Percent-encoding that also carries lone surrogates, as the bytes of an invalid UTF-8 sequence. */
export function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value
      .split(/([\ud800-\udfff])/)
      .map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
      .join('');
  }
}

/** A query string from `base` bent by `m`, plus raw fragments the parser must survive. */
export function applyToQuery(base: unknown, m: Mutation, raw: string): string {
  const record =
    base && typeof base === 'object'
      ? { ...(base as Record<string, unknown>) }
      : ({} as Record<string, unknown>);
  if (m.kind === 'set' || m.kind === 'extra' || m.kind === 'inject') record[m.key] = m.value;
  if (m.kind === 'drop') delete record[m.key];
  const parts = Object.entries(record)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encode(k)}=${encode(typeof v === 'string' ? v : JSON.stringify(v))}`);
  if (m.kind === 'pollute') parts.push(`${m.key}[polluted]=yes`, `${m.key}.polluted=yes`);
  if (raw) parts.push(raw);
  return parts.join('&');
}

/** Raw query fragments: repeated keys, brackets, bad escapes, encoded NUL and invalid UTF-8. */
export const RAW_QUERY = [
  '',
  'a=1&a=2&a=3',
  'page=1&page=2',
  'x[y][z]=1',
  '%00=%00',
  'q=%ff%fe%fd',
  'q=%E0%A4%A',
  'q=%',
  'q=%%%',
  `q=${'%41'.repeat(3000)}`,
  '&&&==&',
];

/** What goes into a path segment instead of the right id or name. */
export const HOSTILE_SEGMENTS = [
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x10',
  '+1',
  ' 1',
  '99999999999',
  '2147483648',
  '9'.repeat(40),
  'NaN',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '%00',
  'a%00b',
  '%ff%fe',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  "'%20or%201=1--",
  '%3Cscript%3E',
  'x'.repeat(199),
  '%F0%9F%98%80',
];

/** Bytes that are not UTF-8 (and a raw NUL) inside otherwise well-formed JSON. */
export const INVALID_UTF8_BODIES = [
  Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe, 0xc3, 0x28]), Buffer.from('"}')]),
  Buffer.concat([Buffer.from('{"title":"a'), Buffer.from([0x00, 0xed, 0xa0, 0x80]), Buffer.from('b"}')]),
  Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]),
  Buffer.from([0xc0, 0xaf, 0xe0, 0x80, 0xaf]),
];

/** Bodies and the content types they lie about. */
export const WRONG_CONTENT: { body: string | Buffer; type: string }[] = [
  { body: '{"name":"x"}', type: 'text/plain' },
  { body: '<x>1</x>', type: 'application/xml' },
  { body: 'name=x&role=owner', type: 'application/x-www-form-urlencoded' },
  { body: '{"name":"x"}', type: 'multipart/form-data' },
  {
    body: '--b\r\nContent-Disposition: form-data; name="file"\r\n\r\nx',
    type: 'multipart/form-data; boundary=b',
  },
  { body: '{"name":', type: 'application/json' },
  { body: '', type: 'application/json' },
  { body: 'null', type: 'application/json' },
  { body: '[1,2,3]', type: 'application/json' },
  { body: '"a string"', type: 'application/json' },
  { body: '{"name":"x"}', type: 'application/json; charset=utf-16' },
  { body: '{"name":"x"}', type: 'application/vnd.evil+json' },
  { body: '{"name":"x"}', type: '' },
];
