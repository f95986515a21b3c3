// The "no secrets in responses" property: no body ever carries a password hash, a reset token
// (raw or stored digest) or a session id.
import { expect } from 'vitest';
import type { TestContext } from './app';

export async function expectNoSecrets(ctx: TestContext, bodies: string[], rawTokens: string[] = []) {
  const sessions = await ctx.database.query<{ sid: string }>('select sid from session');
  const digests = await ctx.database.query<{ token: string }>(
    'select reset_token as token from users where reset_token is not null',
  );
  const secrets = [...sessions.map((s) => s.sid), ...digests.map((d) => d.token), ...rawTokens];
  for (const body of bodies) {
    expect(body).not.toContain('$argon2');
    expect(body).not.toMatch(/reset_?token/i);
    const leaked = secrets.filter((secret) => body.includes(secret));
    expect(leaked).toEqual([]);
  }
}
