// Features reach each other only through what they export: a server feature through its
// index.ts, so its other files can change without looking around the codebase. Tests (`*.test.ts`,
// `test-helpers.ts`, `tests/`, `scripts/`) and the route list (src/server/features/index.ts,
// outside every feature) may use internals. No database: it reads the source.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const serverFeatures = path.join(root, 'src/server/features');
const webFeatures = path.join(root, 'src/web/features');

// The web's features have no index: another feature's screen loads several of their parts lazily
// (import('…') of one file), and an index would load those with anything else imported from it.
// These are the files other web features already use; a crossing into any other file fails.
const WEB_SHARED = new Set([
  'admin/components/admin-access',
  'admin/components/admin-table',
  'calendar/api/events',
  'calendar/components/dashboard-event-cards',
  'calendar/components/event-form/form-values',
  'calendar/lib/dates',
  'calendar/lib/save-toasts',
  'calendar/lib/url-date',
  'directory/components/directory-tabs',
  'legal/components/legal-texts-card',
  'library/components/dashboard-library-card',
  'library/components/rendered-markdown',
  'notifications/components/announcements-card',
  'presence/components/team-collaboration-card',
  'presence/presence-provider',
  'scheduling/api/conflicts',
  'scheduling/components/availability/availability-tab',
  'scheduling/components/calls/calls-panel',
  'scheduling/components/calls/my-calls',
  'scheduling/lib/conflicts',
  'teams/api/breakdown',
  'teams/api/get-teams',
  'volunteer/components/dashboard-shift-cards',
  'volunteer/components/my-shifts',
]);

const isTest = (file: string) => /\.test\.tsx?$|(^|\/)test-helpers\.tsx?$/.test(file);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every module a file names: `import … from`, `export … from`, `import '…'` and `import('…')`. */
function specifiers(text: string): string[] {
  // Statements start a line (the formatter sees to it), so an example inside a comment is not read.
  const statement =
    /^\s*(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]/gm;
  const dynamic = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
  return [...text.matchAll(statement), ...text.matchAll(dynamic)].map((m) => m[1] ?? m[2]);
}

/** Where an import lands, without extension, or null for a package or an alias outside the web. */
function target(file: string, spec: string): string | null {
  if (spec.startsWith('.')) return path.resolve(path.dirname(file), spec).replace(/\.tsx?$/, '');
  if (spec.startsWith('@web/')) return path.join(root, 'src/web', spec.slice('@web/'.length));
  return null;
}

/** Each import from a feature's file into another feature's folder: `feature/rest` of the target. */
function crossings(featuresRoot: string) {
  const found: { file: string; spec: string; into: string }[] = [];
  for (const file of sources(featuresRoot)) {
    const own = path.relative(featuresRoot, file).split(path.sep);
    if (own.length < 2 || isTest(file)) continue;
    for (const spec of specifiers(fs.readFileSync(file, 'utf8'))) {
      const to = target(file, spec);
      if (!to) continue;
      const into = path.relative(featuresRoot, to).split(path.sep);
      if (into[0] === '..' || into[0] === own[0]) continue;
      found.push({ file: path.relative(root, file), spec, into: into.join('/') });
    }
  }
  return found;
}

const throughIndex = (into: string) => {
  const parts = into.split('/');
  return parts.length === 1 || (parts.length === 2 && parts[1] === 'index');
};

describe('feature boundaries', () => {
  it('reads every kind of import statement', () => {
    const text = [
      "import { a } from './a';",
      "import type {\n  B,\n  C,\n} from '../b/c';",
      "export { d } from './d';",
      "import './side-effect';",
      'const e = await import("../e/f");',
      "// import { g } from '../not/read';",
    ].join('\n');
    expect(specifiers(text).sort()).toEqual(['../b/c', '../e/f', './a', './d', './side-effect']);
  });

  it('a server feature uses another only through its index.ts', () => {
    const found = crossings(serverFeatures);
    // The scan sees the imports that go through an index, so an empty list below means something.
    expect(found.filter((c) => throughIndex(c.into)).length).toBeGreaterThan(50);
    const internal = found.filter((c) => !throughIndex(c.into)).map((c) => `${c.file} → ${c.spec}`);
    expect(internal, 'import it from the feature folder, and add the name to its index.ts').toEqual([]);
  });

  it('every server feature has an index.ts, and names what it exports', () => {
    const features = fs.readdirSync(serverFeatures, { withFileTypes: true }).filter((e) => e.isDirectory());
    const problems = features.flatMap(({ name }) => {
      const index = path.join(serverFeatures, name, 'index.ts');
      if (!fs.existsSync(index)) return [`${name}: no index.ts`];
      return /^\s*export\s*\*/m.test(fs.readFileSync(index, 'utf8')) ? [`${name}: export *`] : [];
    });
    expect(problems).toEqual([]);
  });

  it('a web feature uses another only through its index or a file already shared', () => {
    const internal = crossings(webFeatures)
      .filter((c) => !throughIndex(c.into) && !WEB_SHARED.has(c.into))
      .map((c) => `${c.file} → ${c.spec}`);
    expect(internal).toEqual([]);
  });
});
