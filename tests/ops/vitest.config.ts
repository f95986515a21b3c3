// `npm run test:ops`: the operations suites (faults, several instances behind nginx, many
// organizations on one server, sqlmap). They
// start their own PostgreSQL cluster, app processes and nginx, so they run one file at a time,
// apart from the API suites.
import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: path.resolve(import.meta.dirname, '../..'),
  test: {
    include: ['tests/ops/**/*.ops.ts'],
    setupFiles: ['tests/ops/support/setup.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // The figures each suite prints are part of its result.
    silent: false,
  },
});
