// What an error may say in the log. Drizzle's query errors carry the statement's parameters
// (in `params` and in the message), which can be password hashes, reset-token digests or
// session ids; the log keeps the statement and the database's reason, never the values.

interface QueryError {
  query: string;
  params: unknown;
  cause?: unknown;
}

const isQueryError = (err: unknown): err is QueryError =>
  typeof err === 'object' && err !== null && 'query' in err && 'params' in err;

export function loggableError(err: unknown): unknown {
  if (!isQueryError(err)) return err;
  const cause = err.cause as { message?: string; code?: string; stack?: string } | undefined;
  return {
    type: 'DrizzleQueryError',
    message: `Failed query: ${err.query}`,
    code: cause?.code,
    cause: cause?.message,
    stack: cause?.stack,
  };
}
