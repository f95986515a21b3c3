// What a database error means, read the same way whichever driver raised it (node-postgres and
// PGlite put the SQLSTATE on the error; Drizzle wraps it as the error's cause).

export function sqlState(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null | undefined;
  const code = typeof e?.code === 'string' ? e.code : e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/** A unique index refused the row: two requests raced for one name. */
export const isUniqueViolation = (err: unknown) => sqlState(err) === '23505';

/**
 * Raised at commit by the trigger that keeps every organization's active owner
 * (migrations/0028_organization_keeps_owner.sql), whichever path tried to remove the last one.
 */
export const OWNERLESS_ORGANIZATION = 'GR001';
export const OWNER_REQUIRED = 'An organization must keep an active owner.';
export const ownerlessOrganization = (err: unknown) => sqlState(err) === OWNERLESS_ORGANIZATION;

/**
 * Raised by the trigger that counts a volunteer shift's places (migrations/0034_volunteer_shifts.sql)
 * when a signup would take more places than the shift has.
 */
export const SHIFT_FULL = 'GR020';
export const SHIFT_FULL_MESSAGE = 'This shift is full';
export const shiftFull = (err: unknown) => sqlState(err) === SHIFT_FULL;

/**
 * Raised by a write's session check (functions/greenroom_session_holds.sql) when the session it
 * acts on ended, or changed in what it may do, after the app kept it in memory.
 */
export const SESSION_ENDED = 'GR401';
export const SESSION_CHANGED = 'GR403';
export const SESSION_CHANGED_MESSAGE =
  'Your access changed while this was being saved. Nothing was saved; please try again.';
export const sessionNoLongerStands = (err: unknown) => {
  const code = sqlState(err);
  return code === SESSION_ENDED || code === SESSION_CHANGED;
};

/** Rules the database itself keeps: the answer a refused write gets, whichever route sent it. */
const RULE_REFUSALS: Record<string, { status: number; message: string }> = {
  [OWNERLESS_ORGANIZATION]: { status: 409, message: OWNER_REQUIRED },
  [SHIFT_FULL]: { status: 409, message: SHIFT_FULL_MESSAGE },
  [SESSION_ENDED]: { status: 401, message: 'Not authenticated' },
  [SESSION_CHANGED]: { status: 409, message: SESSION_CHANGED_MESSAGE },
};

export function databaseRuleRefusal(err: unknown): { status: number; message: string } | undefined {
  const code = sqlState(err);
  return code && Object.hasOwn(RULE_REFUSALS, code) ? RULE_REFUSALS[code] : undefined;
}

// Node's socket failures and node-postgres's own words for a connection that never came or died.
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EPIPE',
]);
const UNREACHABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connect ECONNREFUSED|Query read timeout/i;
// SQLSTATEs of a server that is there but will not serve: class 08 (connection exception),
// shutting down or starting up (57P01-57P03), too many connections (53300).
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** The database cannot be reached or will not serve now: a 503, not a fault in this request. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : undefined;
    if (code && (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08')))
      return true;
    if (typeof e.message === 'string' && UNREACHABLE_MESSAGES.test(e.message)) return true;
    // AggregateError (several addresses tried) carries the socket errors in `errors`.
    const inner = (e as { errors?: unknown[] }).errors;
    if (Array.isArray(inner) && inner.some((x) => isDatabaseUnavailable(x))) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * The database could not write for want of disk space (SQLSTATE 53100, e.g. "could not extend
 * file": the data folder's filesystem is full). Nothing of the failed statement was kept.
 */
export const isDiskFull = (err: unknown) => sqlState(err) === '53100';
