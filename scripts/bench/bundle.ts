// What the browser downloads on a first visit to each route: the entry (index.html's script and
// style) plus the route's lazily loaded page, each with everything it imports statically; and a
// screen a route opens in place (the library's editor) as the route plus what that screen loads.
// A worker those files start (`*.worker.ts`) is weighed apart: it loads beside the screen and
// runs on its own thread. Measured from a Vite manifest build in a temporary folder, so dist/web
// stays untouched.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteWeight {
  route: string;
  files: number;
  jsRaw: number;
  jsGzip: number;
  cssRaw: number;
  cssGzip: number;
  /** Workers the route's scripts start, not counted in JS. */
  workerRaw: number;
  workerGzip: number;
}

/** Screens opened in place on a route, loaded when used: `module` on top of route `of`. */
export const OPENED_SCREENS = [
  {
    route: '/library/:slug?edit=1',
    of: '/library/:slug',
    module: 'src/web/features/library/components/page-editor.tsx',
  },
];

// Vite names a worker's file after its source: `x.worker.ts` becomes `assets/x.worker-<hash>.js`.
const WORKER_FILE = /[\w.-]+\.worker-[\w-]+\.js/g;

function closure(manifest: Manifest, keys: string[], seen = new Set<string>(), files = new Set<string>()) {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    const chunk = manifest[key];
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    closure(manifest, chunk.imports ?? [], seen, files);
  }
  return files;
}

/** Route path → source module of its page, read from src/web/routes.tsx. */
export function routeModules(root: string): [string, string][] {
  const source = readFileSync(path.join(root, 'src/web/routes.tsx'), 'utf8');
  const found: [string, string][] = [];
  // Each route reads `path: '/x', component: page(() => import('./features/...'), ...)`, on one
  // line or several.
  const pattern = /path:\s*'([^']+)'\s*,\s*component:\s*page\(\s*\(\)\s*=>\s*import\(\s*'\.\/([^']+)'/g;
  const add = (route: string, module: string) => {
    const base = path.join('src/web', module);
    const file = ['.tsx', '.ts', '/index.tsx']
      .map((ext) => base + ext)
      .find((f) => existsSync(path.join(root, f)));
    if (file) found.push([route, file.split(path.sep).join('/')]);
  };
  for (const m of source.matchAll(pattern)) add(m[1], m[2]);
  // A list of `['/x', page(() => import('./…'), …)]` pairs mapped to routes (the system screens).
  const pair = /\[\s*'([^']+)'\s*,\s*page\(\s*\(\)\s*=>\s*import\(\s*'\.\/([^']+)'/g;
  for (const m of source.matchAll(pair)) add(m[1], m[2]);
  // A screen shared by several addresses (the calendar's): `const X = page(() => import('./…'))`
  // and `['/a', '/b'].map((path) => ({ path, component: X, … }))`; the first address stands for all.
  const shared = /const (\w+) = page\(\s*\(\)\s*=>\s*import\(\s*'\.\/([^']+)'/g;
  for (const m of source.matchAll(shared)) {
    const use = new RegExp(
      `\\[\\s*'([^']+)'[^\\]]*\\]\\.map\\([^)]*\\)[^{]*\\{\\s*path,\\s*component:\\s*${m[1]}\\b`,
    );
    const paths = use.exec(source);
    if (paths) add(paths[1], m[2]);
  }
  return found;
}

/** A production build of the web app (with its manifest) into `outDir`; returns the time taken. */
export function buildWeb(root: string, outDir: string): number {
  const started = Date.now();
  const build = spawnSync(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      'build',
      '--manifest',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (build.status !== 0) throw new Error('vite build failed');
  return Date.now() - started;
}

/** Weighs each route's first visit; builds into a temporary folder unless given a build. */
export function measureBundle(
  root: string,
  built?: { outDir: string; buildMs: number },
): { routes: RouteWeight[]; buildMs: number } {
  const outDir = built?.outDir ?? mkdtempSync(path.join(tmpdir(), 'greenroom-bench-web-'));
  try {
    const buildMs = built?.buildMs ?? buildWeb(root, outDir);
    const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    const weigh = (file: string) => {
      const bytes = readFileSync(path.join(outDir, file));
      return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    };
    const weighRoute = (route: string, modules: string[]): RouteWeight => {
      const files = closure(manifest, ['index.html', ...modules]);
      const weight: RouteWeight = {
        route,
        files: files.size,
        jsRaw: 0,
        jsGzip: 0,
        cssRaw: 0,
        cssGzip: 0,
        workerRaw: 0,
        workerGzip: 0,
      };
      const workers = new Set<string>();
      for (const file of files) {
        const w = weigh(file);
        if (file.endsWith('.css')) {
          weight.cssRaw += w.raw;
          weight.cssGzip += w.gzip;
        } else if (file.endsWith('.js')) {
          weight.jsRaw += w.raw;
          weight.jsGzip += w.gzip;
          const text = readFileSync(path.join(outDir, file), 'utf8');
          for (const m of text.matchAll(WORKER_FILE)) workers.add(`assets/${m[0]}`);
        }
      }
      for (const file of workers) {
        const w = weigh(file);
        weight.workerRaw += w.raw;
        weight.workerGzip += w.gzip;
      }
      return weight;
    };
    const pages = routeModules(root);
    const routes = pages.map(([route, module]) => weighRoute(route, [module]));
    for (const screen of OPENED_SCREENS) {
      const page = pages.find(([route]) => route === screen.of);
      if (page) routes.push(weighRoute(screen.route, [page[1], screen.module]));
    }
    return { routes, buildMs };
  } finally {
    if (!built) rmSync(outDir, { recursive: true, force: true });
  }
}
