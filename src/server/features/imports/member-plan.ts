// Decides each row's fate before anything is written: create, skip (already a member) or error
// (with the Add User form's words). The plan is the dry run; the import carries it out.
import { ORGANIZATION_ROLES } from '../../../common/permissions';
import { importMemberSchema } from '../../../common/schemas/imports';
import type { Database } from '../../db/client';
import { badRequest } from '../../http/errors';
import { type CsvRow, readCsv } from './csv';

const COLUMNS: Record<string, string> = {
  username: 'username',
  email: 'email',
  firstname: 'firstName',
  lastname: 'lastName',
  role: 'role',
  organizationroles: 'organizationRoles',
  teams: 'teams',
};
const COLUMN_NAMES = Object.values(COLUMNS).join(', ');

// Headers as people write them ("First Name", "first_name", "firstName") and as our export does.
const columnOf = (header: string) => COLUMNS[header.toLowerCase().replace(/[\s_-]/g, '')] ?? '';

// Our export (and careful spreadsheets) put a quote before cells a spreadsheet would run as a
// formula; reading the file back takes it off, so export → import gives back the same text.
const FORMULA_GUARD = /^'(?=[=+\-@\t\r])/;
const cell = (v: string | undefined) => (v ?? '').trim().replace(FORMULA_GUARD, '');
const list = (v: string | undefined) =>
  cell(v)
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);

export interface PlannedMember {
  line: number;
  status: 'create' | 'skip' | 'error';
  username: string;
  message: string | null;
  userId: number | null;
  member?: {
    username: string;
    email: string;
    firstName: string | null;
    lastName: string | null;
    role: string;
    organizationRoles: string[];
    teamIds: number[];
  };
}

interface Row {
  line: number;
  username: string;
  derived: boolean;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  organizationRoles: string[];
  teams: string[];
}

/** "Stage Manager", "stage-manager", "ADMIN" → the stored role; the export writes labels. */
const roleOf = (label: string) => label.toLowerCase().replace(/[\s-]+/g, '_');

/** A username from the e-mail's local part, in the characters usernames allow. */
const fromEmail = (email: string) =>
  email
    .split('@')[0]
    .replace(/[^A-Za-z0-9._-]/g, '')
    .slice(0, 50);

function rowOf({ line, fields }: CsvRow): Row {
  const email = cell(fields.email);
  const username = cell(fields.username);
  return {
    line,
    username: username || fromEmail(email),
    derived: !username,
    email,
    firstName: cell(fields.firstName),
    lastName: cell(fields.lastName),
    role: roleOf(cell(fields.role)),
    organizationRoles: list(fields.organizationRoles),
    teams: list(fields.teams),
  };
}

async function lookups(database: Database, organizationId: number, rows: Row[]) {
  const emails = rows.map((r) => r.email.toLowerCase()).filter(Boolean);
  // Derived usernames may need a number added; ask for those candidates in the same query.
  const names = rows.flatMap((r) =>
    r.derived ? candidates(r.username) : r.username ? [r.username.toLowerCase()] : [],
  );
  const accounts = await database.query<{ id: number; username: string; email: string; member: boolean }>(
    `select u.id, lower(u.username) as username, lower(u.email) as email,
            exists (select 1 from user_organizations m where m.user_id = u.id and m.organization_id = $1) as member
       from users u
      where lower(u.email) = any($2::text[]) or lower(u.username) = any($3::text[])`,
    [organizationId, emails, names],
  );
  const teams = await database.query<{ id: number; handle: string }>(
    'select id, lower(handle) as handle from teams where organization_id = $1 and archived_at is null',
    [organizationId],
  );
  const [org] = await database.query<{ defaultRole: string }>(
    'select default_role as "defaultRole" from organizations where id = $1',
    [organizationId],
  );
  return {
    byEmail: new Map(accounts.map((a) => [a.email, a])),
    byUsername: new Map(accounts.map((a) => [a.username, a])),
    teams: new Map(teams.map((t) => [t.handle, t.id])),
    defaultRole: org?.defaultRole ?? 'standard_user',
  };
}

const candidates = (base: string) => {
  const b = base.toLowerCase();
  return [b, ...Array.from({ length: 9 }, (_, i) => `${b.slice(0, 48)}${i + 2}`)];
};

// An account elsewhere on the platform is not this organization's business: one message for a
// taken e-mail or username, so a preview neither confirms an address nor tells which it was.
const CANNOT_USE = 'Cannot be imported: this username or email cannot be used.';
const USERNAME_TAKEN = 'Username already exists';

const ORG_ROLES = new Map(ORGANIZATION_ROLES.map((r) => [r.toLowerCase(), r]));

export async function planMembers(database: Database, organizationId: number, text: string) {
  const { columns, rows: records } = readCsv(text, columnOf);
  if (columns.length === 0) throw badRequest(`The header must name at least one of ${COLUMN_NAMES}`);
  if (records.length === 0) throw badRequest('The file has a header but no rows');

  const rows = records.map(rowOf);
  const known = await lookups(database, organizationId, rows);
  const seenEmail = new Map<string, number>();
  const seenUsername = new Map<string, number>();

  return rows.map((row): PlannedMember => {
    const error = (message: string): PlannedMember => ({
      line: row.line,
      status: 'error',
      username: row.username,
      message,
      userId: null,
    });
    // Someone already here is skipped whatever the row says (the export lists the owner, too).
    const existing = [
      known.byEmail.get(row.email.toLowerCase()),
      known.byUsername.get(row.username.toLowerCase()),
    ].find((account) => account?.member);
    if (existing)
      return {
        line: row.line,
        status: 'skip',
        username: existing.username,
        message: 'Already a member',
        userId: existing.id,
      };
    const parsed = importMemberSchema.safeParse({
      username: row.username,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      role: row.role || undefined,
    });
    if (!parsed.success) return error(parsed.error.issues[0].message);
    const input = parsed.data;
    const email = input.email.toLowerCase();

    if (known.byEmail.has(email)) return error(CANNOT_USE);
    const earlier = seenEmail.get(email);
    if (earlier) return error(`This email is already on line ${earlier}`);

    let username = input.username;
    if (known.byUsername.has(username.toLowerCase()) || seenUsername.has(username.toLowerCase())) {
      const free = row.derived
        ? candidates(username).find((c) => !known.byUsername.has(c) && !seenUsername.has(c))
        : undefined;
      const twice = seenUsername.get(username.toLowerCase());
      if (!free && twice && !known.byUsername.has(username.toLowerCase()))
        return error(`This username appears twice in this file, lines ${twice} and ${row.line}`);
      if (!free)
        return error(known.byUsername.get(username.toLowerCase())?.member ? USERNAME_TAKEN : CANNOT_USE);
      username = free;
    }

    const organizationRoles: string[] = [];
    for (const name of row.organizationRoles) {
      const role = ORG_ROLES.get(name.toLowerCase());
      if (!role) return error(`Unknown organization role "${name}": choose organization roles from the list`);
      if (!organizationRoles.includes(role)) organizationRoles.push(role);
    }
    const teamIds: number[] = [];
    for (const handle of row.teams) {
      const id = known.teams.get(handle.replace(/^@/, '').toLowerCase());
      if (!id) return error(`Unknown team "${handle}"`);
      if (!teamIds.includes(id)) teamIds.push(id);
    }

    seenEmail.set(email, row.line);
    seenUsername.set(username.toLowerCase(), row.line);
    return {
      line: row.line,
      status: 'create',
      username,
      message: null,
      userId: null,
      member: {
        username,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role ?? known.defaultRole,
        organizationRoles,
        teamIds,
      },
    };
  });
}
