import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The web's import aliases, so its pure modules (menus, formatting) can be tested here too.
  resolve: {
    alias: {
      '@common': path.resolve(import.meta.dirname, 'src/common'),
      '@web': path.resolve(import.meta.dirname, 'src/web'),
    },
  },
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
