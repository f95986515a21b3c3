// Rate-limit keys carry what the caller typed; a very long one must still fit the key's index.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Agent, getTestApp } from '../support/app';

describe('long input', () => {
  it('a sign-in with a very long username is an ordinary failure (its rate-limit key still fits)', async () => {
    const ctx = await getTestApp();
    const agent = new Agent(ctx.app);
    const username = randomBytes(20_000).toString('base64');
    for (let i = 0; i < 2; i++) {
      const res = await agent.post('/api/login', { username, password: 'wrong-password' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid username or password' });
    }
  });
});
