// The call mail: sent through the notification feature's job queue and mail
// composer, to members who keep e-mail on and "Rehearsal & Performance Reminders"
// (scheduleReminders) on: a call is a reminder of a rehearsal they are needed at. It carries
// signed one-click Confirm / Can't make it links to the organization's own address.
import { formatCallTime } from '../../../common/clock';
import { formatInstant } from '../../../common/format-date';
import { RESPOND_PAGE_PATH } from '../../../common/scheduling';
import { organizationOrigin } from '../../../common/tenancy';
import { composeMail, type Job, loadPreferences, type MailDeps, unsubscribeUrl } from '../notifications';
import { issueCallToken } from './respond-token';

/** The job kind of a call mail; its payload is {callId, nonce} (event_calls.link_nonce). */
export const CALL_MAIL_JOB = 'call';

export async function runCallMailJob(deps: MailDeps, job: Job, now: Date): Promise<void> {
  const { callId, nonce } = job.payload as { callId: number; nonce: number };
  const [row] = await deps.database.query<{
    userId: number;
    eventId: number;
    linkNonce: number;
    callTime: string | null;
    note: string | null;
    email: string;
    eventName: string;
    start: Date;
    end: Date;
    spaces: string[];
    orgName: string;
    shortname: string;
    primaryColor: string;
    timezone: string;
  }>(
    `select c.user_id as "userId", c.event_id as "eventId", c.link_nonce as "linkNonce", c.call_time as "callTime",
       c.note, u.email, e.name as "eventName", e.start_date_time as start, e.end_date_time as "end", e.spaces,
       o.name as "orgName", o.shortname, o.primary_color as "primaryColor", o.timezone
     from event_calls c
     join calendar_events e on e.id = c.event_id and e.organization_id = c.organization_id
     join organizations o on o.id = c.organization_id
     join users u on u.id = c.user_id
     join user_organizations m on m.user_id = c.user_id and m.organization_id = c.organization_id and m.status = 'active'
     where c.id = $1`,
    [callId],
  );
  // Uncalled, superseded by a newer mail, already answered from a link, or over: nothing to send.
  if (!row || row.linkNonce !== nonce || new Date(row.end) <= now) return;
  const prefs = await loadPreferences(deps.database, row.userId);
  if (!prefs.emailNotifications || !prefs.scheduleReminders) return;
  const origin = organizationOrigin(deps.config.publicUrl, row.shortname);
  const token = issueCallToken(deps.sessionSecret, {
    callId,
    userId: row.userId,
    eventId: row.eventId,
    nonce,
    expires: Math.floor(new Date(row.end).getTime() / 1000),
  });
  const answer = (status: string) =>
    `${origin}${RESPOND_PAGE_PATH}?token=${encodeURIComponent(token)}&status=${status}`;
  const lines = [
    `When: ${formatInstant(row.start, 'weekdayTime', row.timezone)}`,
    ...(row.callTime ? [`Call time: ${formatCallTime(row.callTime)}`] : []),
    ...(row.spaces.length ? [`Where: ${row.spaces.join(', ')}`] : []),
    ...(row.note ? [`Note: ${row.note}`] : []),
  ];
  await deps.mailer.deliver(
    composeMail({
      to: row.email,
      org: { name: row.orgName, primaryColor: row.primaryColor, origin },
      subject: `You are called: ${row.eventName} | ${row.orgName}`,
      sections: [{ heading: `You are called to ${row.eventName}`, lines }],
      link: '/calendar/my-schedule',
      unsubscribeUrl: unsubscribeUrl(origin, deps.sessionSecret, row.userId),
      actions: [
        { label: 'Confirm', url: answer('confirmed') },
        { label: "Can't make it", url: answer('declined') },
      ],
    }),
  );
}
