import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { loggableError } from './log';

describe('loggableError', () => {
  it("keeps a failed query's statement and reason but none of its parameters", () => {
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0$aGFzaA';
    const cause = Object.assign(new Error('value too long for type character varying(50)'), {
      code: '22001',
    });
    const err = new DrizzleQueryError(
      'insert into "users" ("username", "password") values ($1, $2)',
      ['ann', hash],
      cause,
    );
    expect(String(err.message)).toContain(hash);
    const logged = loggableError(err);
    expect(JSON.stringify(logged)).not.toContain(hash);
    expect(logged).toMatchObject({
      message: 'Failed query: insert into "users" ("username", "password") values ($1, $2)',
      code: '22001',
      cause: 'value too long for type character varying(50)',
    });
  });

  it('passes other errors through unchanged', () => {
    const err = new Error('boom');
    expect(loggableError(err)).toBe(err);
  });
});
