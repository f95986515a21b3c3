// /calendar/attendance: attendance over a date range, per member and per team, with
// the rate of turning up ((present + late) / recorded), a team filter and a CSV download. The
// range and team live in the address.
import { policy } from '@common/permissions';
import type { AttendanceReport } from '@common/schemas/scheduling';
import { addDays, todayIn } from '@common/zoned-time';
import { Download } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import { FetchError } from '@web/components/fetch-error';
import { LazyChoiceSelect } from '@web/components/lazy-choice-select';
import { TableHead } from '@web/components/table-head';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { isApiError } from '@web/lib/api';
import { useAuth } from '@web/lib/session';
import { cn } from '@web/lib/utils';
import { attendanceCsvUrl, useAttendanceLive, useAttendanceReport } from '../api/attendance';
import { useLeadership } from '../api/people';
import { formatRate } from '../lib/calls';
import { isDate } from '@web/features/calendar/lib/url-date';

const ALL = 'all';

export function AttendanceReportPage() {
  const { organization, actor } = useAuth();
  const orgId = organization?.id ?? 0;
  const today = todayIn(organization?.timezone ?? 'UTC');
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const from = isDate(params.get('from')) ? (params.get('from') as string) : addDays(today, -90);
  const to = isDate(params.get('to')) ? (params.get('to') as string) : today;
  const teamParam = Number(params.get('team'));
  const teamId = Number.isInteger(teamParam) && teamParam > 0 ? teamParam : undefined;
  const leadership = useLeadership(orgId, actor);
  const filter = { from, to, teamId };
  const report = useAttendanceReport(orgId, filter);
  useAttendanceLive(orgId);
  const teams = (leadership.options.data?.teams ?? []).filter(
    (t) => leadership.everyone || leadership.ledTeamIds.includes(t.id),
  );
  const mayViewAll = policy.viewAttendanceReport(actor, []);

  const set = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    navigate(`${location}?${next}`, { replace: true });
  };

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">Attendance report</h1>
        <p className="text-muted-foreground">
          Rate = present or late, out of everyone marked (excused counts as marked).
        </p>
      </div>
      <form
        className="flex flex-wrap items-end gap-3"
        aria-label="Report filters"
        onSubmit={(e) => e.preventDefault()}
      >
        <DateFilter id="report-from" label="From" value={from} max={to} onChange={(v) => set({ from: v })} />
        <DateFilter id="report-to" label="To" value={to} min={from} onChange={(v) => set({ to: v })} />
        <div className="w-56 max-w-full space-y-1">
          <Label htmlFor="report-team">Team</Label>
          <LazyChoiceSelect
            id="report-team"
            value={teamId ? String(teamId) : ALL}
            onChange={(v) => set({ team: v === ALL ? undefined : v })}
            choices={[
              [ALL, mayViewAll ? 'All teams and members' : 'All my teams'],
              ...teams.map((t): [string, string] => [String(t.id), t.name]),
            ]}
          />
        </div>
        <Button variant="outline" asChild className="ml-auto">
          <a href={attendanceCsvUrl(orgId, filter)} download>
            <Download aria-hidden="true" /> Download CSV
          </a>
        </Button>
      </form>
      {report.isError ? (
        <FetchError
          title={
            isApiError(report.error, 403)
              ? 'Only owners, admins and team leads (for their teams) see attendance reports'
              : 'Failed to fetch the attendance report'
          }
          error={report.error}
          onRetry={() => report.refetch()}
        />
      ) : report.isLoading || !report.data ? (
        <Skeleton className="h-80 w-full" />
      ) : (
        <>
          <RateTable title="Members" rows={report.data.members.map((m) => ({ key: m.userId, ...m }))} />
          <RateTable title="Teams" rows={report.data.teams.map((t) => ({ key: t.teamId, ...t }))} />
        </>
      )}
    </div>
  );
}

/** A labelled date input that passes on only whole, valid dates. */
function DateFilter({
  id,
  label,
  value,
  min,
  max,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (date: string) => void;
}) {
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="date"
        className="w-44"
        value={value}
        min={min}
        max={max}
        onChange={(e) => isDate(e.target.value) && onChange(e.target.value)}
      />
    </div>
  );
}

type Row = AttendanceReport['members'][number] & { key: number };

/** The columns after the name: each count, then the rate (stacked on phones, labelled by data-label). */
const COUNTS: { label: string; value: (r: Omit<Row, 'userId'>) => string | number }[] = [
  { label: 'Present', value: (r) => r.present },
  { label: 'Late', value: (r) => r.late },
  { label: 'Absent', value: (r) => r.absent },
  { label: 'Excused', value: (r) => r.excused },
  { label: 'Rate', value: (r) => formatRate(r.rate) },
];

function RateTable({ title, rows }: { title: string; rows: Omit<Row, 'userId'>[] }) {
  return (
    <section className="space-y-2" aria-labelledby={`report-${title}`}>
      <h2 id={`report-${title}`} className="text-xl font-semibold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
          No attendance was taken in this range.
        </p>
      ) : (
        <div className="rounded-lg border">
          <table className="stacked-table w-full text-sm">
            <TableHead
              columns={[
                { label: 'Name' },
                ...COUNTS.map((c) => ({ label: c.label, className: 'text-right' })),
              ]}
              rowClassName="border-b text-left"
              cellClassName="px-3 py-2 font-medium"
            />
            <tbody>
              {rows.map((r) => (
                <tr key={r.key} className="border-b px-3 last:border-0 sm:px-0">
                  <td className="break-words px-3 py-2 font-medium">{r.name}</td>
                  {COUNTS.map((c) => (
                    <td
                      key={c.label}
                      data-label={c.label}
                      className={cn('px-3 py-2 sm:text-right', c.label === 'Rate' && 'font-semibold')}
                    >
                      {c.value(r)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
