// `npm run db:export-to -- postgres://user@host:5432/greenroom`: copies the embedded database in
// DATA_DIR (default ./data; stop the server first, a PGlite folder has one owner) into an empty
// database on a PostgreSQL server, which it migrates first. Then start with DATABASE_URL.
import path from 'node:path';
import { openDatabase } from '../src/server/db/client';
import { copyDatabase } from '../src/server/db/copy';

const url = process.argv[2];
if (!url || !/^postgres(ql)?:\/\//.test(url)) {
  console.error('Usage: npm run db:export-to -- postgres://user:password@host:5432/database');
  process.exit(2);
}
const dataDir = path.resolve(process.env.DATA_DIR || './data');
const source = await openDatabase({ dataDir });
const target = await openDatabase({ databaseUrl: url });
try {
  const counts = await copyDatabase(source, target);
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  console.log(`Copied ${total} rows in ${counts.size} tables from ${dataDir} to ${new URL(url).host}.`);
  console.log(`Start the server on it with: DATABASE_URL='${url}' npm start`);
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await source.close();
  await target.close();
}
