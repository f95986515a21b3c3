import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client';
import {
  type FunctionFile,
  functionDrift,
  functionsMigration,
  inspectFunctions,
  NO_DRIFT,
  readFunctionFiles,
  splitStatements,
} from './sql-functions';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, memory: true });
}, 60_000);
afterAll(() => database?.close());

/** Thrown to end a transaction whose changes must not stay. */
class RolledBack extends Error {}

const file = (name: string, sql: string): FunctionFile => ({ name, statements: splitStatements(sql) });

describe('the SQL functions of the migrated database', () => {
  it('are exactly as their files define them, with their triggers, and none is without a file', async () => {
    expect(await functionDrift(database, readFunctionFiles())).toEqual(NO_DRIFT);
  });
});

describe('comparing the database with the files', () => {
  it('names what differs, and the migration written from that brings the database to the files', async () => {
    const body = (value: string) => `language plpgsql as $$ begin return ${value}; end $$`;
    const files = [
      ...readFunctionFiles(),
      file(
        'greenroom_probe_changed',
        `create or replace function greenroom_probe_changed() returns trigger ${body('new')};
         create or replace trigger greenroom_probe_kept before insert on greenroom_probe
           for each row execute function greenroom_probe_changed();
         create or replace trigger greenroom_probe_added before update on greenroom_probe
           for each row execute function greenroom_probe_changed();`,
      ),
      file(
        'greenroom_probe_new',
        `create or replace function greenroom_probe_new() returns int ${body('1')};`,
      ),
      file(
        'greenroom_probe_args',
        `create or replace function greenroom_probe_args(a int, b int) returns int ${body('a + b')};`,
      ),
    ];
    const written = database.transaction(async (q) => {
      await q.query('create table greenroom_probe (id integer)');
      await q.query(`create function greenroom_probe_changed() returns trigger ${body('null')}`);
      await q.query(`create function greenroom_probe_unfiled() returns trigger ${body('null')}`);
      await q.query(`create function greenroom_probe_args(a int) returns int ${body('a')}`);
      for (const [trigger, fn] of [
        ['greenroom_probe_kept', 'greenroom_probe_changed'],
        ['greenroom_probe_stray', 'greenroom_probe_changed'],
        ['greenroom_probe_unfiled', 'greenroom_probe_unfiled'],
      ])
        await q.query(
          `create trigger ${trigger} after delete on greenroom_probe for each row execute function ${fn}()`,
        );

      const drift = await inspectFunctions(q, files);
      expect(drift).toEqual({
        added: ['greenroom_probe_new'],
        changed: ['greenroom_probe_changed', 'greenroom_probe_args'],
        unfiled: [
          { name: 'greenroom_probe_args', args: 'a integer', triggers: [] },
          {
            name: 'greenroom_probe_unfiled',
            args: '',
            triggers: [{ name: 'greenroom_probe_unfiled', table: 'greenroom_probe' }],
          },
        ],
        strayTriggers: [{ name: 'greenroom_probe_stray', table: 'greenroom_probe' }],
      });

      const migration = functionsMigration(drift, files);
      expect(migration).toContain('DROP FUNCTION greenroom_probe_unfiled();');
      for (const statement of migration.split('--> statement-breakpoint')) await q.query(statement);
      expect(await inspectFunctions(q, files)).toEqual(NO_DRIFT);
      throw new RolledBack();
    });
    await expect(written).rejects.toBeInstanceOf(RolledBack);
  });

  it('refuses a file that does not create the function it is named for, naming the file', async () => {
    const misnamed = file(
      'greenroom_probe',
      'create or replace function greenroom_other() returns int language sql as $$ select 1 $$;',
    );
    await expect(functionDrift(database, [...readFunctionFiles(), misnamed])).rejects.toThrow(
      'greenroom_other, which has no file of its own',
    );
    const broken = file(
      'greenroom_probe',
      'create or replace function greenroom_probe() returns int language sql as $$ select nothing $$;',
    );
    await expect(functionDrift(database, [...readFunctionFiles(), broken])).rejects.toThrow(
      'functions/greenroom_probe.sql: column "nothing" does not exist',
    );
  });
});

describe('splitting a file into statements', () => {
  it('splits at semicolons outside comments, quotes and dollar-quoted bodies', () => {
    const sql = `-- one; still a comment
create function a() returns text language plpgsql as $$ begin return 'x;y'; end $$;
/* two; /* nested; */ still */ create function b() returns text language sql as $body$ select ';' $body$;
select "odd;name", 'it''s; fine', $1;
-- trailing; comment only`;
    expect(splitStatements(sql)).toEqual([
      `-- one; still a comment
create function a() returns text language plpgsql as $$ begin return 'x;y'; end $$;`,
      `/* two; /* nested; */ still */ create function b() returns text language sql as $body$ select ';' $body$;`,
      `select "odd;name", 'it''s; fine', $1;`,
    ]);
  });
});
