// `npm run db:functions -- <name>`: after editing src/server/db/functions, writes the migration
// that brings a database to those files (the next number, `NNNN_<name>.sql`) and its journal
// entry. What the migrations define now is read from a fresh in-memory database they migrate.
// Without a name it only says what differs.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder, openDatabase } from '../src/server/db/client';
import { functionDrift, functionsMigration, readFunctionFiles } from '../src/server/db/sql-functions';

interface Journal {
  entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
}

const name = process.argv[2];
if (name !== undefined && !/^[a-z0-9_]+$/.test(name)) {
  console.error('Usage: npm run db:functions -- <migration_name> (lower case, digits, underscores)');
  process.exit(2);
}

const files = readFunctionFiles();
const database = await openDatabase({ memory: true });
const drift = await functionDrift(database, files).finally(() => database.close());

const summary = [
  ...drift.added.map((f) => `new: ${f}`),
  ...drift.changed.map((f) => `changed: ${f}`),
  ...drift.unfiled.map((f) => `no file (dropped): ${f.name}(${f.args})`),
  ...drift.strayTriggers.map((t) => `trigger in no file (dropped): ${t.name} on ${t.table}`),
];
if (summary.length === 0) {
  console.log('The migrations define every SQL function as its file does: nothing to write.');
  process.exit(0);
}
console.log(summary.join('\n'));
if (name === undefined) {
  console.error('Name the migration to write it: npm run db:functions -- <migration_name>');
  process.exit(1);
}

const journalPath = path.join(migrationsFolder, 'meta', '_journal.json');
const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as Journal;
const last = journal.entries[journal.entries.length - 1];
const idx = last.idx + 1;
const tag = `${String(idx).padStart(4, '0')}_${name}`;
// The migrator applies what is newer than the last applied entry, so `when` only grows.
journal.entries.push({
  idx,
  version: last.version,
  when: Math.max(Date.now(), last.when + 1),
  tag,
  breakpoints: true,
});
writeFileSync(path.join(migrationsFolder, `${tag}.sql`), functionsMigration(drift, files));
writeFileSync(journalPath, `${JSON.stringify(journal, null, 2)}\n`);
console.log(`Wrote src/server/db/migrations/${tag}.sql: commit it with the files.`);
