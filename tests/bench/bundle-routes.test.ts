// The bundle bench reads the route table's source to find each route's page module; a route
// written in a shape it does not recognise would silently go unmeasured (the system screens did).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes } from '../../src/web/routes';
import { routeModules } from '../../scripts/bench/bundle';

const root = path.resolve(import.meta.dirname, '../..');

describe('bundle bench route list', () => {
  it('measures every route of src/web/routes.tsx, a screen shared by several addresses once', () => {
    const measured = new Map(routeModules(root));
    const unmeasured = routes.filter(
      (r) =>
        !measured.has(r.path) && !routes.some((o) => o.component === r.component && measured.has(o.path)),
    );
    expect(unmeasured.map((r) => r.path)).toEqual([]);
    expect(measured.get('/system/analytics')).toBe('src/web/features/system/pages/analytics-page.tsx');
    expect(measured.get('/directory/teams/:handle')).toBe('src/web/features/teams/pages/team-page.tsx');
  });
});
