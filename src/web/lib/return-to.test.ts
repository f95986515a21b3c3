import { describe, expect, it } from 'vitest';
import { loginPathFor, returnPath } from './return-to';

describe('returning after sign-in', () => {
  it('keeps the asked-for page, query included', () => {
    const login = loginPathFor('/directory/teams/cast?x=1');
    expect(login).toBe('/login?next=%2Fdirectory%2Fteams%2Fcast%3Fx%3D1');
    expect(returnPath(login.slice('/login'.length))).toBe('/directory/teams/cast?x=1');
  });

  it('says nothing for the dashboard, where sign-in goes anyway', () => {
    expect(loginPathFor('/dashboard')).toBe('/login');
  });

  it('never leaves the site', () => {
    for (const next of ['//evil.test/x', 'https://evil.test', '/\\evil.test', ''])
      expect(returnPath(`?next=${encodeURIComponent(next)}`)).toBe('/dashboard');
    expect(returnPath('')).toBe('/dashboard');
  });
});
