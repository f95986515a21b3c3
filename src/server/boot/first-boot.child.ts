// The child of first-boot.ts: creates and migrates the embedded database, adds the first data,
// closes it cleanly and exits (taking its memory with it).
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { ensureFirstData } from './first-data';

const config = loadConfig();
const database = await openDatabase({ dataDir: config.dataDir });
await ensureFirstData(database, config);
await database.close();
process.exit(0);
