// A published report's mail, one per reader, composed when the job runs so it carries the report
// as it then stands and only what that reader may read (confidential notes for the event's
// managers, owners and admins alone). Sent to members who keep e-mail on.
import { formatInstant } from '../../../common/format-date';
import type { Actor } from '../../../common/permissions';
import { organizationOrigin } from '../../../common/tenancy';
import {
  composeMail,
  type Job,
  loadPreferences,
  type MailDeps,
  type MailSection,
  unsubscribeUrl,
} from '../notifications';
import { readReport } from './service';

export async function runReportMailJob(deps: MailDeps, job: Job): Promise<void> {
  const { reportId, userId } = job.payload as { reportId: number; userId: number };
  const { database } = deps;
  const [row] = await database.query<{
    organizationId: number;
    eventId: number;
    email: string;
    role: string;
    orgName: string;
    shortname: string;
    primaryColor: string;
    timezone: string;
  }>(
    `select r.organization_id as "organizationId", r.event_id as "eventId", u.email, m.role,
       o.name as "orgName", o.shortname, o.primary_color as "primaryColor", o.timezone
     from event_reports r
     join organizations o on o.id = r.organization_id
     join user_organizations m on m.organization_id = r.organization_id and m.user_id = $2 and m.status = 'active'
     join users u on u.id = m.user_id
     where r.id = $1 and r.published_at is not null`,
    [reportId, userId],
  );
  if (!row) return;
  const prefs = await loadPreferences(database, userId);
  if (!prefs.emailNotifications) return;
  // Read as the reader would in the app, so the mail holds exactly what they may see there.
  const actor: Actor & { userId: number } = { userId, role: row.role, isSystemUser: false };
  const report = await readReport(database, { organizationId: row.organizationId, actor }, row.eventId).catch(
    () => null,
  );
  if (!report) return;
  const origin = organizationOrigin(deps.config.publicUrl, row.shortname);
  const t = report.times;
  const sections: MailSection[] = [
    {
      heading: `${report.eventName}, ${formatInstant(new Date(report.startDateTime), 'weekdayTime', row.timezone)}`,
      lines: [
        `Times: ${t.start ?? '?'} to ${t.end ?? '?'}${t.breaks.length ? `, breaks ${t.breaks.map((b) => `${b.start ?? '?'}-${b.end ?? '?'}`).join(', ')}` : ''}`,
        ...(report.scenes.length ? [`Scenes worked: ${report.scenes.map((s) => s.name).join(', ')}`] : []),
        ...(report.absent.length ? [`Absent: ${report.absent.map((p) => p.name).join(', ')}`] : []),
        ...(report.late.length ? [`Late: ${report.late.map((p) => p.name).join(', ')}`] : []),
        ...(report.summary ? [report.summary] : []),
      ],
    },
  ];
  const byDepartment = new Map<string, string[]>();
  for (const n of report.notes)
    byDepartment.set(n.department, [
      ...(byDepartment.get(n.department) ?? []),
      `${n.confidential ? '(Confidential) ' : ''}${n.text}`,
    ]);
  for (const [heading, lines] of byDepartment) sections.push({ heading, lines });
  if (byDepartment.size === 0) sections.push({ heading: 'Notes', lines: ['No notes.'] });
  await deps.mailer.deliver(
    composeMail({
      to: row.email,
      org: { name: row.orgName, primaryColor: row.primaryColor, origin },
      subject: `Report: ${report.eventName} | ${row.orgName}`,
      sections,
      link: `/calendar/events/${report.eventId}/report`,
      unsubscribeUrl: unsubscribeUrl(origin, deps.sessionSecret, userId),
    }),
  );
}
