// Rehearsal scheduling: calls, availability, attendance, people's conflicts and what a team can
// rehearse.

export { CALL_MAIL_JOB, runCallMailJob } from './call-mail';
export { eventAccess } from './event-access';
export { byName, ledTeamIds, personOf } from './people';
export type { Caller, PersonColumns } from './people';
export { keptRehearsable } from './rehearsable';
