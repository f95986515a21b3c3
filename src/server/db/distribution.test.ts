// The schema stays one that a distributed PostgreSQL (Citus) can shard by organization_id
// (docs/scaling.md, step 3): such a database enforces a primary key, a unique key or a foreign key
// between two distributed tables only when it includes the distribution column. Read from the
// migrated database's catalog, so a migration that breaks the rule fails here by name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client';

/** Tables without organization_id, each with why it belongs to no organization. */
const GLOBAL_TABLES: Record<string, string> = {
  organizations: 'the tenants themselves; copied to every node',
  users: 'a person may belong to several organizations',
  session: 'a sign-in, before and across organizations',
  rate_limits: 'counters keyed by address or account, not by organization',
  jobs: 'the queue every worker claims from, whatever organization a job serves',
  mail_outbox: 'mail to an address, sent by whichever instance is free',
  used_challenges: 'single-use sign-in challenges, answered before any organization is known',
  email_changes: "a change of a person's own address",
  user_recovery_codes: "a person's two-step sign-in codes",
  app_secrets: 'keys of the whole installation',
  system_settings: 'settings of the whole installation',
};

/**
 * Tenant tables that also hold rows of no organization (organization_id null), so they cannot yet
 * be keyed by it: a distributed table refuses a null distribution column. Until those rows move
 * to a global table, they keep `(id)` as their key; their other keys follow the rule.
 */
const MIXED_TABLES: Record<string, string> = {
  stored_files: 'profile pictures belong to a person, not to an organization',
  audit_log: 'system-wide entries (settings, organization approval) name no organization',
};

interface Constraint {
  table: string;
  name: string;
  kind: 'p' | 'u' | 'f';
  columns: string[];
  foreignTable: string | null;
  foreignColumns: string[] | null;
}

let database: Database;
let tables: { name: string; hasOrg: boolean; orgNullable: boolean }[];
let constraints: Constraint[];
let uniqueIndexes: { table: string; name: string; columns: (string | null)[] }[];

beforeAll(async () => {
  database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, memory: true });
  tables = await database.query(
    `select c.relname as name,
            a.attname is not null as "hasOrg",
            coalesce(not a.attnotnull, false) as "orgNullable"
     from pg_class c
     left join pg_attribute a on a.attrelid = c.oid and a.attname = 'organization_id' and not a.attisdropped
     where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p')
     order by 1`,
  );
  constraints = await database.query(
    `select r.relname as table, k.conname as name, k.contype as kind,
            array(select a.attname::text from unnest(k.conkey) with ordinality u(n, i)
                  join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by u.i) as columns,
            f.relname as "foreignTable",
            case when k.contype = 'f' then
              array(select a.attname::text from unnest(k.confkey) with ordinality u(n, i)
                    join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n order by u.i)
            end as "foreignColumns"
     from pg_constraint k
     join pg_class r on r.oid = k.conrelid
     left join pg_class f on f.oid = k.confrelid
     where r.relnamespace = current_schema()::regnamespace and k.contype in ('p', 'u', 'f')
     order by 1, 2`,
  );
  // Unique indexes, whether or not a constraint owns them; an expression column reads as null.
  uniqueIndexes = await database.query(
    `select r.relname as table, i.relname as name,
            array(select a.attname::text from unnest(x.indkey::int2[]) with ordinality u(n, o)
                  left join pg_attribute a on a.attrelid = x.indrelid and a.attnum = u.n and u.n > 0
                  where o <= x.indnkeyatts order by o) as columns
     from pg_index x
     join pg_class i on i.oid = x.indexrelid
     join pg_class r on r.oid = x.indrelid
     where r.relnamespace = current_schema()::regnamespace and x.indisunique and not x.indisprimary
     order by 1, 2`,
  );
}, 60_000);
afterAll(() => database?.close());

const isTenant = (table: string) => tables.some((t) => t.name === table && t.hasOrg);

describe('a schema that can be distributed by organization', () => {
  it('gives organization_id to every table but the global ones', () => {
    const missing = tables
      .filter((t) => !t.hasOrg && !(t.name in GLOBAL_TABLES))
      .map((t) => `${t.name}: holds no organization_id and is not a global table`);
    const misfiled = tables
      .filter((t) => t.hasOrg && t.name in GLOBAL_TABLES)
      .map((t) => `${t.name}: listed as global but has organization_id`);
    const gone = Object.keys(GLOBAL_TABLES)
      .filter((name) => !tables.some((t) => t.name === name))
      .map((name) => `${name}: listed as global but not in the database`);
    expect([...missing, ...misfiled, ...gone]).toEqual([]);
  });

  it('never leaves organization_id empty, except in the tables that hold rows of no organization', () => {
    const nullable = tables.filter((t) => t.hasOrg && t.orgNullable).map((t) => t.name);
    expect(nullable.sort()).toEqual(Object.keys(MIXED_TABLES).sort());
  });

  it('keys every tenant table, and each of its unique keys, by organization_id', () => {
    const broken: string[] = [];
    for (const table of tables.filter((t) => t.hasOrg && !(t.name in MIXED_TABLES))) {
      const primary = constraints.find((c) => c.table === table.name && c.kind === 'p');
      if (primary && !primary.columns.includes('organization_id')) {
        broken.push(`${table.name}: primary key ${primary.name} (${primary.columns.join(', ')})`);
      }
    }
    for (const index of uniqueIndexes) {
      if (!isTenant(index.table) || index.columns.includes('organization_id')) continue;
      const columns = index.columns.map((c) => c ?? '(expression)').join(', ');
      broken.push(`${index.table}: unique index ${index.name} (${columns})`);
    }
    expect(broken).toEqual([]);
  });

  it('joins tenant tables only through foreign keys that carry organization_id on both sides', () => {
    const broken = constraints
      .filter((c) => c.kind === 'f' && isTenant(c.table) && c.foreignTable && isTenant(c.foreignTable))
      .filter((c) => {
        const at = c.columns.indexOf('organization_id');
        return at < 0 || c.foreignColumns?.[at] !== 'organization_id';
      })
      .map(
        (c) =>
          `${c.table}: foreign key ${c.name} (${c.columns.join(', ')}) references ${c.foreignTable} (${c.foreignColumns?.join(', ')})`,
      );
    expect(broken).toEqual([]);
  });
});
