// The SPA is built from the repository root (index.html) into dist/web, which the Fastify server
// serves in production. In development the API and the WebSocket are proxied to that server.
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '5000'}`;

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
