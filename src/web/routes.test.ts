import { describe, expect, it } from 'vitest';
import { routeAt } from './routes';

describe('routeAt (which screen to load before the first render)', () => {
  it('matches fixed paths, with or without a trailing slash', () => {
    expect(routeAt('/calendar')?.path).toBe('/calendar');
    expect(routeAt('/admin/users/')?.path).toBe('/admin/users');
  });

  it('matches one path segment per parameter, and no more', () => {
    expect(routeAt('/directory/teams/hamlet-cast')?.path).toBe('/directory/teams/:handle');
    expect(routeAt('/public/demo/calendar')?.path).toBe('/public/:orgShortname/calendar');
    expect(routeAt('/directory/teams/a/b')).toBeUndefined();
  });

  it('finds nothing for an unknown address (the 404 page is not lazy)', () => {
    expect(routeAt('/no-such-screen')).toBeUndefined();
    expect(routeAt('/calendar.')).toBeUndefined();
  });
});

describe('screens of an organization', () => {
  it('need one (a system user on the main site is sent to the organization picker)', () => {
    for (const path of [
      '/directory',
      '/directory/teams/x',
      '/calendar',
      '/calendar/my-schedule',
      '/library',
      '/library/home',
    ])
      expect(routeAt(path)?.access, path).toBe('organization');
    expect(routeAt('/dashboard')?.access).toBe('signed-in');
    expect(routeAt('/system/choose-organization')?.access).toBe('system');
  });
});
