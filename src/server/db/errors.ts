// What a database error means, read the same way whichever driver raised it (node-postgres and
// PGlite put the SQLSTATE on the error; Drizzle wraps it as the error's cause).

export function sqlState(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null | undefined;
  const code = typeof e?.code === 'string' ? e.code : e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/** A unique index refused the row: two requests raced for one name. */
export const isUniqueViolation = (err: unknown) => sqlState(err) === '23505';
