import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = {
  '@common': path.resolve(import.meta.dirname, 'src/common'),
  '@web': path.resolve(import.meta.dirname, 'src/web'),
};

// The API test files that take longest: each calls every route, builds data at scale, or opens
// embedded databases of its own (a fresh one costs seconds of CPU). They run in
// `npm run test:slow` (and in `npm test` and CI), not in the quick loop of `npm run test:api`.
const SLOW_SUITES = [
  'tests/security/access-matrix.test.ts',
  'tests/security/fuzz.test.ts',
  'src/server/features/notifications/digest-scale.test.ts',
  'src/server/features/notifications/tick-scale.test.ts',
  'src/server/db/client.test.ts',
  'src/server/db/embedded.test.ts',
];

/** The API suite's settings: the real app on a database, one worker's files sharing it. */
const server = {
  environment: 'node',
  pool: 'forks',
  // Files in one worker share its database (a new PGlite costs seconds); tests stay independent
  // because each builds its own organization.
  isolate: false,
  hookTimeout: 60_000,
} as const;

export default defineConfig({
  // The web's import aliases, so its modules (menus, formatting, components) can be tested here too.
  resolve: { alias },
  test: {
    testTimeout: 20_000,
    // What a poll waits for often arrives by a PostgreSQL notification (a kept answer dropped, a
    // presence update), which a busy machine can take well over the default second to deliver.
    expect: { poll: { timeout: 15_000 } },
    projects: [
      {
        extends: true,
        test: {
          ...server,
          name: 'api',
          include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'node_modules/**', ...SLOW_SUITES],
        },
      },
      // The suites that hold the whole product to account (every route, every actor, hostile
      // input, scale): `npm run test:slow`, and part of `npm test` and CI. Some open embedded
      // databases of their own, which is slow while the PostgreSQL run shares the machine.
      {
        extends: true,
        test: { ...server, name: 'slow', include: [...SLOW_SUITES], testTimeout: 120_000 },
      },
      // Components in a browser-like document (happy-dom), one fresh document per file.
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/web/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['src/web/testing/setup.ts'],
        },
      },
    ],
  },
});
