// The SPA is built from the repository root (index.html) into dist/web, which the Fastify server
// serves in production. In development the API and the WebSocket are proxied to that server.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '5000'}`;

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
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
    },
  },
});
