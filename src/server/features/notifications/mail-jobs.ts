// The two kinds of mail job: one notice mailed now ('mail'), and a member's digest ('digest').
// Both read the member's preferences again when they run, so a member who has since turned
// e-mail off (or unsubscribed) gets nothing.
import { organizationOrigin } from '../../../common/tenancy';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { isFollowingSql } from '../calendar';
import type { Mailer } from '../mail';
import { REPORT_MAIL_JOB, runReportMailJob } from '../reports';
import { CALL_MAIL_JOB, runCallMailJob } from '../scheduling';
import { composeMail, type MailOrg, type MailSection } from './compose';
import { type DigestFrequency, digestUntil } from './digest-window';
import { formatInstant } from '../../../common/format-date';
import type { Job } from './jobs';
import { loadPreferences } from './preferences';
import { inTransaction } from './scans';
import { unsubscribeUrl } from './unsubscribe';

export interface MailDeps {
  database: Database;
  mailer: Mailer;
  config: Config;
  sessionSecret: string;
}

interface Recipient {
  email: string;
  org: MailOrg;
  timezone: string;
}

async function recipient(deps: MailDeps, organizationId: number, userId: number): Promise<Recipient | null> {
  const [row] = await deps.database.query<{
    email: string;
    name: string;
    shortname: string;
    primaryColor: string;
    timezone: string;
  }>(
    `select u.email, o.name, o.shortname, o.primary_color as "primaryColor", o.timezone
     from users u join user_organizations m on m.user_id = u.id and m.organization_id = $2 and m.status = 'active'
     join organizations o on o.id = m.organization_id
     where u.id = $1`,
    [userId, organizationId],
  );
  if (!row) return null;
  const prefs = await loadPreferences(deps.database, userId);
  if (!prefs.emailNotifications) return null;
  return {
    email: row.email,
    timezone: row.timezone,
    org: {
      name: row.name,
      primaryColor: row.primaryColor,
      origin: organizationOrigin(deps.config.publicUrl, row.shortname),
    },
  };
}

function send(
  deps: MailDeps,
  to: Recipient,
  userId: number,
  subject: string,
  sections: MailSection[],
  link: string,
) {
  return deps.mailer.deliver(
    composeMail({
      to: to.email,
      org: to.org,
      subject,
      sections,
      link,
      unsubscribeUrl: unsubscribeUrl(to.org.origin, deps.sessionSecret, userId),
    }),
  );
}

async function runMailJob(deps: MailDeps, job: Job) {
  const [n] = await deps.database.query<{
    organizationId: number;
    userId: number;
    title: string;
    body: string;
    link: string;
  }>(
    `select organization_id as "organizationId", user_id as "userId", title, body, link
     from member_notifications where id = $1`,
    [job.payload.notificationId],
  );
  if (!n) return;
  const to = await recipient(deps, n.organizationId, n.userId);
  if (!to) return;
  await send(
    deps,
    to,
    n.userId,
    `${n.title} | ${to.org.name}`,
    [{ heading: n.title, lines: n.body.split('\n') }],
    n.link,
  );
}

const KIND_HEADINGS: Record<string, string> = {
  change: 'Changes to your schedule',
  announcement: 'Announcements',
};

async function runDigestJob(deps: MailDeps, job: Job, now: Date) {
  const { organizationId, userId, frequency } = job.payload as {
    organizationId: number;
    userId: number;
    frequency: DigestFrequency;
  };
  const to = await recipient(deps, organizationId, userId);
  if (!to) return;
  const until = digestUntil(frequency, now, to.timezone);
  const coming = await deps.database.query<{ name: string; start: Date; spaces: string[] }>(
    `select e.name, e.start_date_time as start, e.spaces from calendar_events e
     left join calendar_event_followers f on f.event_id = e.id and f.user_id = $2 and f.organization_id = $1
     where e.organization_id = $1 and e.start_date_time > $3 and e.start_date_time <= $4 and ${isFollowingSql('$2')}
     order by e.start_date_time limit 50`,
    [organizationId, userId, now, until],
  );
  const pending = await deps.database.query<{ id: number; kind: string; title: string; body: string }>(
    `select id, kind, title, body from member_notifications
     where organization_id = $1 and user_id = $2 and digest_pending order by id limit 200`,
    [organizationId, userId],
  );
  if (coming.length === 0 && pending.length === 0) return;
  const sections: MailSection[] = [];
  if (coming.length > 0)
    sections.push({
      heading: frequency === 'daily' ? 'Your schedule today' : 'Your schedule this week',
      lines: coming.map(
        (e) => `${formatInstant(e.start, 'weekdayTime', to.timezone)} · ${e.name} · ${e.spaces.join(', ')}`,
      ),
    });
  for (const kind of ['change', 'announcement']) {
    const items = pending.filter((p) => p.kind === kind);
    if (items.length > 0)
      sections.push({
        heading: KIND_HEADINGS[kind],
        lines: items.map((p) => `${p.title}: ${p.body.replace(/\n/g, '; ')}`),
      });
  }
  const subject = `Your ${frequency} digest | ${to.org.name}`;
  await send(deps, to, userId, subject, sections, '/calendar/my-schedule');
  await inTransaction(deps.database, (q) =>
    q.query('update member_notifications set digest_pending = false where id = any($1::int[])', [
      pending.map((p) => p.id),
    ]),
  );
}

export function runJob(deps: MailDeps, job: Job, now: Date): Promise<void> {
  if (job.kind === 'mail') return runMailJob(deps, job);
  if (job.kind === 'digest') return runDigestJob(deps, job, now);
  // A call to a rehearsal, with one-click answers (scheduling/call-mail.ts).
  if (job.kind === CALL_MAIL_JOB) return runCallMailJob(deps, job, now);
  // A published rehearsal report, as each reader may read it (reports/report-mail.ts).
  if (job.kind === REPORT_MAIL_JOB) return runReportMailJob(deps, job);
  throw new Error(`Unknown job kind ${job.kind}`);
}
