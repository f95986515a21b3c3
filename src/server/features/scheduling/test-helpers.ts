// Builders for scheduling tests: a calendar organization with a cast team, its lead, and helpers
// to book events and run a call mail job.
import type { TestContext } from '../../../../tests/support/app';
import { testConfig } from '../../../../tests/support/app';
import { buildUser, signedIn } from '../../../../tests/support/factories';
import type { EventRequest } from '../../../common/schemas/calendar';
import type { Mail, Mailer } from '../mail';
import type { Job } from '../notifications';
import { calendarOrg, eventBody } from '../calendar/test-helpers';
import { CALL_MAIL_JOB, runCallMailJob } from './call-mail';

export async function schedulingOrg(ctx: TestContext, timeZone = 'America/New_York') {
  const c = await calendarOrg(ctx, timeZone);
  const { database } = ctx;
  const lead = await buildUser(database, {
    org: c.org,
    role: 'standard_user',
    firstName: 'Lee',
    lastName: 'Lead',
  });
  const castB = await buildUser(database, {
    org: c.org,
    role: 'standard_user',
    firstName: 'Bea',
    lastName: 'Cast',
  });
  const outsider = await buildUser(database, { org: c.org, role: 'standard_user', firstName: 'Otto' });
  await database.query(
    `insert into team_members (organization_id, team_id, user_id, role)
     values ($1, $2, $3, 'team_lead'), ($1, $2, $4, 'member')`,
    [c.org.id, c.teamId, lead.id, castB.id],
  );
  return {
    ...c,
    lead,
    leadAgent: await signedIn(ctx, lead, c.org),
    castB,
    castBAgent: await signedIn(ctx, castB, c.org),
    outsider,
    outsiderAgent: await signedIn(ctx, outsider, c.org),
    orgBase: `/api/organizations/${c.org.id}`,
  };
}
export type SchedulingOrg = Awaited<ReturnType<typeof schedulingOrg>>;

/** Books an event as the owner (for the cast team unless told otherwise); its first occurrence id. */
export async function bookEvent(s: SchedulingOrg, overrides: Partial<EventRequest> = {}): Promise<number> {
  const res = await s.agents.owner.post(
    `${s.base}/events`,
    eventBody(s.people.owner.id, { teamIds: [s.teamId], spaces: ['Annex'], ...overrides }),
  );
  if (res.statusCode !== 201) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
  return res.json().event.id;
}

/** Runs the organization's queued call mails now; returns what was sent. */
export async function runCallMails(
  ctx: TestContext,
  organizationId: number,
  now = new Date(),
): Promise<Mail[]> {
  const sent: Mail[] = [];
  const mailer: Mailer = {
    async send(m) {
      sent.push(m);
    },
    async deliver(m) {
      sent.push(m);
    },
    close() {},
  };
  const jobs = await ctx.database.query<Job>(
    `update jobs set done_at = now() where kind = $1 and done_at is null
       and (payload->>'callId')::int in (select id from event_calls where organization_id = $2)
     returning id, kind, payload, attempts`,
    [CALL_MAIL_JOB, organizationId],
  );
  const deps = { database: ctx.database, mailer, config: testConfig(), sessionSecret: 'test-secret' };
  for (const job of jobs) await runCallMailJob(deps, job, now);
  return sent;
}

/** The one-click link's token and status from a mail's text. */
export function linksOf(mail: Mail) {
  const found = [...mail.text.matchAll(/\/calls\/respond\?token=([^&\s]+)&status=(confirmed|declined)/g)];
  return Object.fromEntries(found.map((m) => [m[2], decodeURIComponent(m[1])])) as {
    confirmed: string;
    declined: string;
  };
}
