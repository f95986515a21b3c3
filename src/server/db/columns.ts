// Columns of `users` that many raw statements select, each list with the row type it yields: the
// SQL text is made from the Drizzle schema's own column names and the type is picked from the
// schema's row, so a renamed or retyped column changes both. Each takes the alias the statement
// gives `users` (a name in the code, never input).
import { getTableColumns } from 'drizzle-orm';
import { users } from './schema';

type User = typeof users.$inferSelect;
const USER_COLUMNS = getTableColumns(users);

/** `u.first_name as "firstName", …`: the keys as row fields (a column already so named keeps its name). */
const selectList = (keys: readonly (keyof User)[]) => (alias: string) =>
  keys
    .map((key) => {
      const column = USER_COLUMNS[key].name;
      return column === key ? `${alias}.${column}` : `${alias}.${column} as "${key}"`;
    })
    .join(', ');

/** `'firstName', u.first_name, …`: the same keys as pairs for `json_build_object(…)`. */
const jsonPairs = (keys: readonly (keyof User)[]) => (alias: string) =>
  keys.map((key) => `'${key}', ${alias}.${USER_COLUMNS[key].name}`).join(', ');

const NAME = ['username', 'firstName', 'lastName'] as const;
const MEMBER = [...NAME, 'profilePicture'] as const;
const PROFILE = [...MEMBER, 'email', 'bio'] as const;

/** What a person is called by (`displayName` in common/teams makes one name of it). */
export type NameRow = Pick<User, (typeof NAME)[number]>;
/** `u.username, u.first_name as "firstName", u.last_name as "lastName"` */
export const nameColumns = selectList(NAME);
/** `'username', u.username, 'firstName', u.first_name, 'lastName', u.last_name`: an author, an actor. */
export const nameJson = jsonPairs(NAME);

/** A member as lists and cards show them: their name and picture. */
export type MemberRow = Pick<User, (typeof MEMBER)[number]>;
/** `nameColumns` and `u.profile_picture as "profilePicture"` */
export const memberColumns = selectList(MEMBER);
/** `nameJson` and `'profilePicture', u.profile_picture` */
export const memberJson = jsonPairs(MEMBER);

/** A member's own profile: the card's fields with their e-mail and bio. */
export type ProfileRow = Pick<User, (typeof PROFILE)[number]>;
/** `memberColumns` and `u.email, u.bio` */
export const profileColumns = selectList(PROFILE);

/** The name `displayName` (common/teams) shows, as an SQL expression: the full name, else the username. */
export const displayNameSql = (alias: string) =>
  `coalesce(nullif(trim(concat_ws(' ', ${alias}.first_name, ${alias}.last_name)), ''), ${alias}.username)`;
