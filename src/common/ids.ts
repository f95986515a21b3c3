// Row ids are PostgreSQL `integer`s; a number beyond this cannot name a row. Isomorphic, so the
// forms and the server bound ids alike.
export const MAX_DB_ID = 2_147_483_647;
