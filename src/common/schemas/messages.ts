// Plain-English words for every validation failure a schema does not word itself. Zod's own
// texts ("Too big: expected string to have <=5000 characters", "expected number, received NaN")
// are for developers; people see these. One place, installed globally, so the server's 400s and
// the forms (which resolve with the same schemas) read alike. A message a schema gives itself
// (the spec's words) always wins over these. Every schema module imports this one, so it is in
// place wherever a schema is used; the web's first page, which validates nothing, loads no zod.
import { z } from 'zod';
import type { $ZodRawIssue } from 'zod/v4/core';

type Issue = $ZodRawIssue;

const plural = (n: number | bigint, one: string) => `${n} ${one}${Number(n) === 1 ? '' : 's'}`;

function sizeWord(origin: string | undefined, n: number | bigint): string {
  if (origin === 'string') return plural(n, 'character');
  if (origin === 'array' || origin === 'set') return plural(n, 'item');
  if (origin === 'file') return plural(n, 'byte');
  return String(n);
}

const FORMATS: Record<string, string> = {
  email: 'Invalid email address',
  url: 'Must be a valid URL',
  uuid: 'Must be a valid identifier',
  date: 'Must be a valid date (YYYY-MM-DD)',
  datetime: 'Must be a valid date and time',
  time: 'Must be a valid time (HH:MM)',
  regex: 'Contains characters that are not allowed',
};

/** The message for one issue, or undefined to keep the schema's own. */
export function plainMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined || issue.input === null) return 'This field is required';
      if (issue.expected === 'number' || issue.expected === 'int' || issue.expected === 'bigint')
        return 'Must be a number';
      if (issue.expected === 'string') return 'Must be text';
      if (issue.expected === 'boolean') return 'Must be true or false';
      if (issue.expected === 'array') return 'Must be a list';
      if (issue.expected === 'date') return 'Must be a valid date';
      return 'Invalid value';
    }
    case 'too_big': {
      const n = issue.maximum;
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set')
        return `Must be at most ${sizeWord(issue.origin, n)}`;
      return `Must be at most ${n}`;
    }
    case 'too_small': {
      const n = issue.minimum;
      if (issue.origin === 'string' && Number(n) === 1) return 'This field is required';
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set')
        return `Must be at least ${sizeWord(issue.origin, n)}`;
      if (issue.origin === 'number' && Number(n) === 0 && !issue.inclusive)
        return 'Must be a positive number';
      return `Must be at least ${n}`;
    }
    case 'invalid_format':
      return FORMATS[issue.format] ?? 'Invalid format';
    case 'invalid_value':
      return issue.values.length <= 8
        ? `Must be one of: ${issue.values.map((v: unknown) => String(v)).join(', ')}`
        : 'Invalid value';
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}`;
    case 'not_multiple_of':
      return `Must be a multiple of ${issue.divisor}`;
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return 'Invalid value';
    default:
      return undefined;
  }
}

z.config({ customError: plainMessage });

// In the browser zod must not compile parsers with `new Function`: the pages' Content-Security-
// Policy has no 'unsafe-eval', and even zod's probe for it is reported as a violation. Set here,
// where every schema module passes before it can parse; the server keeps its compiled parsers.
if (typeof window !== 'undefined') z.config({ jitless: true });
