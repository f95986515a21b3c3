// Each SQL function has one source: functions/<name>.sql holds its current definition and the
// triggers that run it. Migrations carry the files to databases: `npm run db:functions` writes
// the migration for every file the migrations do not yet define as written (and drops what no
// file defines), and sql-functions.test.ts fails while the two disagree.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, Runner } from './client';

export const functionsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'functions');

/** One file of the folder: the function it is named for, and its statements in order. */
export interface FunctionFile {
  name: string;
  statements: string[];
}

export interface Trigger {
  name: string;
  table: string;
}

/** Where the database and the files disagree; every list empty when they agree. */
export interface FunctionDrift {
  /** Files whose function the database does not have. */
  added: string[];
  /** Files whose function, or the triggers that run it, the database has otherwise. */
  changed: string[];
  /**
   * Functions in the database that no file defines (by name and arguments: a file that changes
   * its function's arguments leaves the old one here), with the triggers that run them.
   */
  unfiled: { name: string; args: string; triggers: Trigger[] }[];
  /** Triggers in the database that run a file's function but that its file does not create. */
  strayTriggers: Trigger[];
}

export const NO_DRIFT: FunctionDrift = { added: [], changed: [], unfiled: [], strayTriggers: [] };

export function readFunctionFiles(folder = functionsFolder): FunctionFile[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => ({
      name: file.slice(0, -'.sql'.length),
      statements: splitStatements(readFileSync(path.join(folder, file), 'utf8')),
    }));
}

/**
 * The statements of a SQL text, each with the comments before it, split at the semicolons outside
 * comments, quoted strings and names, and dollar-quoted bodies (a migration runs one statement per
 * call on PGlite). Strings are standard ones: a backslash escapes nothing.
 */
export function splitStatements(text: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let hasCode = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (text.startsWith('--', i)) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end + 1;
    } else if (text.startsWith('/*', i)) {
      // Block comments nest.
      let depth = 0;
      do {
        const opens = text.startsWith('/*', i);
        const closes = text.startsWith('*/', i);
        depth += opens ? 1 : closes ? -1 : 0;
        i += opens || closes ? 2 : 1;
      } while (depth > 0 && i < text.length);
    } else if (c === "'" || c === '"') {
      // A doubled quote inside closes and reopens, which comes to the same.
      const end = text.indexOf(c, i + 1);
      i = end < 0 ? text.length : end + 1;
      hasCode = true;
    } else if (c === '$' && !/[\w$]/.test(text[i - 1] ?? '') && /^\$([A-Za-z_]\w*)?\$/.test(text.slice(i))) {
      const tag = /^\$([A-Za-z_]\w*)?\$/.exec(text.slice(i))![0];
      const end = text.indexOf(tag, i + tag.length);
      i = end < 0 ? text.length : end + tag.length;
      hasCode = true;
    } else if (c === ';') {
      statements.push(text.slice(start, i + 1).trim());
      start = ++i;
      hasCode = false;
    } else {
      if (!/\s/.test(c)) hasCode = true;
      i++;
    }
  }
  if (hasCode) statements.push(text.slice(start).trim());
  return statements;
}

/** Where the files' functions and triggers are made to be compared; gone when the check ends. */
const SCRATCH = 'greenroom_function_check';

interface Definitions {
  functions: { name: string; args: string; definition: string }[];
  triggers: (Trigger & { function: string; functionArgs: string; definition: string })[];
}

const FUNCTIONS = `
  select p.proname as name, pg_get_function_identity_arguments(p.oid) as args,
    pg_get_functiondef(p.oid) as definition
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname = $1 and p.prokind in ('f', 'p')
    and not exists (select 1 from pg_depend d
      where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
  order by 1, 2`;

const TRIGGERS = `
  select t.tgname as name, c.relname as "table", p.proname as function,
    pg_get_function_identity_arguments(p.oid) as "functionArgs", pg_get_triggerdef(t.oid) as definition
  from pg_trigger t join pg_class c on c.oid = t.tgrelid
    join pg_namespace n on n.oid = c.relnamespace join pg_proc p on p.oid = t.tgfoid
  where n.nspname = $1 and not t.tgisinternal
  order by 2, 1`;

// Triggers need their tables: empty copies with the same columns, so each file runs unchanged
// (its names are unqualified) and touches no table in use.
const COPY_TABLES = `
  do $$
  declare t name;
  begin
    for t in select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
    loop
      execute format('create table ${SCRATCH}.%I (like public.%I)', t, t);
    end loop;
  end $$`;

async function definitions(q: Runner, schema: string): Promise<Definitions> {
  const unscratched = (definition: string) => definition.replaceAll(`${SCRATCH}.`, 'public.');
  const functions = await q.query<Definitions['functions'][number]>(FUNCTIONS, [schema]);
  const triggers = await q.query<Definitions['triggers'][number]>(TRIGGERS, [schema]);
  return {
    functions: functions.map((f) => ({ ...f, definition: unscratched(f.definition) })),
    triggers: triggers.map((t) => ({ ...t, definition: unscratched(t.definition) })),
  };
}

/**
 * Compares the database's public functions and their triggers with the files: each file is run
 * in a scratch schema, and PostgreSQL's own rendering of what it made (pg_get_functiondef,
 * pg_get_triggerdef) must equal its rendering of the database's. Runs inside `q`'s transaction
 * and leaves nothing behind.
 */
export async function inspectFunctions(q: Runner, files: FunctionFile[]): Promise<FunctionDrift> {
  await q.query(`savepoint ${SCRATCH}`);
  try {
    await q.query('set local search_path = public');
    const database = await definitions(q, 'public');
    await q.query(`create schema ${SCRATCH}`);
    await q.query(COPY_TABLES);
    await q.query(`set local search_path = ${SCRATCH}, public`);
    for (const file of files) {
      for (const statement of file.statements) {
        try {
          await q.query(statement);
        } catch (err) {
          throw new Error(`functions/${file.name}.sql: ${(err as Error).message}`);
        }
      }
    }
    return compare(files, database, await definitions(q, SCRATCH));
  } finally {
    await q.query(`rollback to savepoint ${SCRATCH}`);
    await q.query(`release savepoint ${SCRATCH}`);
  }
}

/** `inspectFunctions` in a transaction of its own. */
export function functionDrift(database: Database, files: FunctionFile[]): Promise<FunctionDrift> {
  return database.transaction((q) => inspectFunctions(q, files));
}

function compare(files: FunctionFile[], database: Definitions, made: Definitions): FunctionDrift {
  const named = new Set(files.map((f) => f.name));
  for (const f of made.functions)
    if (!named.has(f.name)) throw new Error(`a file creates ${f.name}, which has no file of its own`);
  for (const name of named)
    if (!made.functions.some((f) => f.name === name))
      throw new Error(`functions/${name}.sql does not create a function named ${name}`);
  // A function's whole definition: every overload, and the triggers that run it.
  const whole = (defs: Definitions, name: string) =>
    JSON.stringify([
      defs.functions.filter((f) => f.name === name).map((f) => f.definition),
      defs.triggers.filter((t) => t.function === name).map((t) => t.definition),
    ]);
  const inDatabase = (name: string) => database.functions.some((f) => f.name === name);
  const trigger = ({ name, table }: Trigger): Trigger => ({ name, table });
  return {
    added: [...named].filter((name) => !inDatabase(name)),
    changed: [...named].filter((name) => inDatabase(name) && whole(database, name) !== whole(made, name)),
    unfiled: database.functions
      .filter((f) => !made.functions.some((m) => m.name === f.name && m.args === f.args))
      .map(({ name, args }) => ({
        name,
        args,
        triggers: database.triggers
          .filter((t) => t.function === name && t.functionArgs === args)
          .map(trigger),
      })),
    strayTriggers: database.triggers
      .filter(
        (t) => named.has(t.function) && !made.triggers.some((m) => m.name === t.name && m.table === t.table),
      )
      .map(trigger),
  };
}

const identifier = (name: string) =>
  /^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replaceAll('"', '""')}"`;

/**
 * The migration that brings a database to the files: the triggers no file creates dropped, every
 * added or changed file whole, then the functions no file defines dropped. Statements are
 * separated as drizzle's migrator expects.
 */
export function functionsMigration(drift: FunctionDrift, files: FunctionFile[]): string {
  const dropTrigger = (t: Trigger) => `DROP TRIGGER ${identifier(t.name)} ON ${identifier(t.table)};`;
  const rewritten = files.filter((f) => drift.added.includes(f.name) || drift.changed.includes(f.name));
  const statements = [
    ...drift.unfiled.flatMap((f) => f.triggers.map(dropTrigger)),
    ...drift.strayTriggers.map(dropTrigger),
    ...rewritten.flatMap((f) => f.statements),
    ...drift.unfiled.map((f) => `DROP FUNCTION ${identifier(f.name)}(${f.args});`),
  ];
  const header = [
    '-- Written by `npm run db:functions` from src/server/db/functions: edit those files and run it',
    '-- again rather than changing this migration.',
    ...(rewritten.length > 0 ? [`-- Defined again: ${rewritten.map((f) => f.name).join(', ')}.`] : []),
    ...(drift.unfiled.length > 0
      ? [`-- Dropped, having no file: ${drift.unfiled.map((f) => f.name).join(', ')}.`]
      : []),
  ];
  return `${header.join('\n')}\n\n${statements.join('\n--> statement-breakpoint\n')}\n`;
}
