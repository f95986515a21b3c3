// The SPA is built from the repository root (index.html) into dist/web, which the Fastify server
// serves in production. In development the API and the WebSocket are proxied to that server.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Writes .br and .gz beside every text asset once, at build time, so the server sends compressed
 * bytes (its static handler picks them by Accept-Encoding) without compressing per request.
 */
function precompress(): Plugin {
  // Wherever this build writes (the bench builds into a folder of its own with --outDir).
  let outDir = '';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  return {
    name: 'greenroom-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file) || statSync(file).size < 1024) continue;
        const data = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * The service worker (Workbox, generated at build time; none in development): it precaches the
 * app shell (index.html, every script and stylesheet) so the app opens offline, and answers page
 * loads with index.html. It caches nothing at run time: API answers are never kept by the worker
 * (My Schedule's offline copy is kept by the app itself, per member; web/lib/offline-copy.ts).
 * The manifest and icons are the server's (one per organization), so the plugin makes none.
 * Updates: `prompt` — a new version waits until the member chooses Reload (lib/service-worker.ts),
 * so nobody loses a half-filled form to an automatic reload; closing every tab also applies it.
 */
const serviceWorker = VitePWA({
  injectRegister: false,
  registerType: 'prompt',
  manifest: false,
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg}'],
    navigateFallback: 'index.html',
    // Only the SPA's own pages: API calls, files, feeds, the manifest and icons go to the server.
    navigateFallbackDenylist: [
      /^\/api(\/|$)/,
      /^\/files\//,
      /^\/ws/,
      /^\/manifest\.webmanifest/,
      /^\/app-icons\//,
    ],
    runtimeCaching: [],
    cleanupOutdatedCaches: true,
    inlineWorkboxRuntime: true,
  },
});

// The libraries every first visit loads anyway (build.rolldownOptions below).
const SHELL_PACKAGES = new Set([
  'react',
  'react-dom',
  'scheduler',
  'use-sync-external-store',
  'clsx',
  'tailwind-merge',
  'class-variance-authority',
  'wouter',
  'regexparam',
  '@tanstack/query-core',
  '@tanstack/react-query',
  '@radix-ui/primitive',
  '@radix-ui/react-compose-refs',
  '@radix-ui/react-context',
  '@radix-ui/react-id',
  '@radix-ui/react-presence',
  '@radix-ui/react-primitive',
  '@radix-ui/react-slot',
  '@radix-ui/react-use-controllable-state',
  '@radix-ui/react-use-effect-event',
  '@radix-ui/react-use-layout-effect',
]);
const packageOf = (id: string) => /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id)?.[1].replace('\\', '/');

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '5000'}`;

export default defineConfig({
  plugins: [react(), tailwindcss(), serviceWorker, precompress()],
  resolve: {
    alias: {
      '@common': path.resolve(import.meta.dirname, 'src/common'),
      '@web': path.resolve(import.meta.dirname, 'src/web'),
    },
  },
  // Static files stay inside the web tree.
  publicDir: 'src/web/public',
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The libraries every first visit loads (the shell: React, the router, queries, the
          // Radix basics of the side menu) in one chunk. Split by which lazy screens also use
          // them, they made a dozen small files whose gzip and import glue cost every route
          // about 4.7 KB. Only packages the entry already imports belong here: anything else
          // would join every first visit.
          groups: [{ name: 'shell', test: (id) => SHELL_PACKAGES.has(packageOf(id) ?? '') }],
        },
      },
    },
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    // Organization sub-addresses (demo.localhost) must reach the dev server too.
    allowedHosts: ['.localhost'],
    // The Host header is kept (no changeOrigin): the server picks the tenant from it and checks
    // Origin against it for CSRF.
    proxy: {
      '/api': { target: apiTarget },
      '/ws': { target: apiTarget, ws: true },
      '/files': { target: apiTarget },
      '/manifest.webmanifest': { target: apiTarget },
      '/app-icons': { target: apiTarget },
    },
  },
});
