// An organization's shortname: the first label of its address ({shortname}.{domain}), so a DNS
// label's rules. Zod-free, so the registration form checks it while it is typed
// without loading zod; schemas/auth.ts builds the server's and the forms' schema on this rule.

export const SHORTNAME_MAX = 50;
const SHORTNAME_MIN = 3;
export const SHORTNAME_TOO_SHORT = `Shortname must be at least ${SHORTNAME_MIN} characters`;

/** Why `value` is not a shortname (the first thing to fix), or undefined when it is one. */
export function shortnameProblem(value: string): string | undefined {
  if (value.length < SHORTNAME_MIN) return SHORTNAME_TOO_SHORT;
  if (value.length > SHORTNAME_MAX) return `Shortname must be at most ${SHORTNAME_MAX} characters`;
  if (!/^[a-z0-9-]+$/.test(value)) return 'Only lowercase letters, numbers, and hyphens allowed';
  // A DNS label cannot begin or end with a hyphen.
  if (value.startsWith('-') || value.endsWith('-')) return 'Shortname cannot start or end with a hyphen';
  return undefined;
}

/** What the shortname input does to keystrokes: lowercase, and drop anything not allowed. */
export const normalizeShortname = (value: string) => value.toLowerCase().replace(/[^a-z0-9-]/g, '');
