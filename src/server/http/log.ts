import pino from 'pino';

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

/**
 * Where the log goes: standard output, buffered. Written a line at a time, each request's line
 * cost a write of its own, and with a terminal or a slow pipe reading it, a wait; lines now leave
 * in chunks of 4 KB, or within a second when fewer come, and whatever is left when the process
 * exits.
 */
export function bufferedStdout(): pino.DestinationStream {
  const stream = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => stream.flush(), 1000).unref();
  process.on('exit', () => stream.flushSync());
  return stream;
}
