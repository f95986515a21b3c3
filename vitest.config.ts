import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    pool: 'forks',
    // Files in one worker share its database (a new PGlite costs seconds); tests stay independent
    // because each builds its own organization.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
