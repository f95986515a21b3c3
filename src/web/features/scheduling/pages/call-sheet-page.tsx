// /calendar/call-sheet?date=YYYY-MM-DD: the day's events, times, spaces, who is called
// at what time and whether they confirmed, notes, and the organization's logo. Printed, it is the
// sheet alone (the app's header and menu are hidden) on one A4 or Letter page for an ordinary day.
import { eventTypeLabel } from '@common/glossary';
import { formatCallTime } from '@common/clock';
import type { CallSheet } from '@common/schemas/scheduling';
import { CALL_STATUS_LABELS } from '@common/scheduling';
import { addDays, todayIn } from '@common/zoned-time';
import { ChevronLeft, ChevronRight, Printer } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import { FetchError } from '@web/components/fetch-error';
import { type TableColumn, TableHead } from '@web/components/table-head';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { useAuth } from '@web/lib/session';
import { useCallsLive } from '../api/calls';
import { useCallSheet } from '../api/call-sheet';
import { formatLongDay, formatTimeRange } from '@web/features/calendar/lib/dates';
import { isDate } from '@web/features/calendar/lib/url-date';

const CALL_COLUMNS: TableColumn[] = [
  { label: 'Name', className: 'w-[45%] pr-2' },
  { label: 'Call', className: 'w-[20%] pr-2' },
  { label: 'Status' },
];

export function CallSheetPage() {
  const { organization } = useAuth();
  const [location, navigate] = useLocation();
  const raw = new URLSearchParams(useSearch()).get('date');
  const today = todayIn(organization?.timezone ?? 'UTC');
  const date = isDate(raw) ? raw : today;
  const sheet = useCallSheet(organization?.id, date);
  useCallsLive(organization?.id ?? 0);
  const go = (next: string) => isDate(next) && navigate(`${location}?date=${next}`);

  return (
    <div className="mx-auto max-w-4xl space-y-6 print:max-w-none print:space-y-3">
      <div className="flex flex-wrap items-end gap-2 print:hidden">
        <Button variant="outline" size="icon" aria-label="Previous day" onClick={() => go(addDays(date, -1))}>
          <ChevronLeft aria-hidden="true" />
        </Button>
        <Button variant="outline" size="icon" aria-label="Next day" onClick={() => go(addDays(date, 1))}>
          <ChevronRight aria-hidden="true" />
        </Button>
        <div className="space-y-1">
          <Label htmlFor="sheet-date">Date</Label>
          <Input
            id="sheet-date"
            type="date"
            min="1900-01-01"
            max="2200-12-31"
            value={date}
            onChange={(e) => go(e.target.value)}
            className="w-44"
          />
        </div>
        <div className="ml-auto flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <Link href={`/calendar/home?view=day&date=${date}`}>Day view</Link>
          </Button>
          <Button onClick={() => window.print()}>
            <Printer aria-hidden="true" /> Print
          </Button>
        </div>
      </div>
      <article className="space-y-4 print:text-[11pt] print:text-black" data-testid="call-sheet">
        <header className="flex items-center gap-4 border-b pb-3">
          {sheet.data?.organization.logoUrl && (
            <img
              src={sheet.data.organization.logoUrl}
              alt={`${sheet.data.organization.name} logo`}
              className="h-12 w-auto max-w-32 object-contain"
            />
          )}
          <div className="min-w-0">
            <p className="text-sm text-muted-foreground print:text-black">
              {sheet.data?.organization.name ?? organization?.name}
            </p>
            <h1 className="text-2xl font-bold tracking-tight print:text-xl">
              Call sheet · {formatLongDay(date)}
            </h1>
          </div>
        </header>
        {sheet.isError ? (
          <FetchError
            title="Failed to fetch the call sheet"
            error={sheet.error}
            onRetry={() => sheet.refetch()}
          />
        ) : sheet.isLoading || !sheet.data ? (
          <Skeleton className="h-96 w-full" />
        ) : sheet.data.events.length === 0 ? (
          <p className="rounded-lg border border-dashed p-10 text-center text-muted-foreground">
            Nothing is scheduled on this day.
          </p>
        ) : (
          sheet.data.events.map((event) => <SheetEvent key={event.id} event={event} />)
        )}
      </article>
    </div>
  );
}

function SheetEvent({ event }: { event: CallSheet['events'][number] }) {
  const calls = [...event.calls].sort(
    (a, b) => (a.callTime ?? '99').localeCompare(b.callTime ?? '99') || a.name.localeCompare(b.name),
  );
  return (
    <section
      aria-label={event.name}
      className="break-inside-avoid space-y-2 rounded-lg border p-4 print:rounded-none print:border-x-0 print:border-t-0 print:p-0 print:pb-2"
    >
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <p className="font-mono text-sm font-semibold">
          {formatTimeRange(event.startDateTime, event.endDateTime)}
        </p>
        <h2 className="min-w-0 break-words text-lg font-semibold print:text-base">{event.name}</h2>
        <span className="text-sm text-muted-foreground print:text-black">
          {eventTypeLabel(event.eventType)} · {event.space ?? 'No space'}
          {event.teams.length > 0 && <> · {event.teams.join(', ')}</>}
        </span>
      </div>
      {event.scenes.length > 0 && <p className="break-words text-sm">Scenes: {event.scenes.join(', ')}</p>}
      {event.note && <p className="break-words text-sm">Note: {event.note}</p>}
      {!event.callsVisible ? (
        <p className="text-sm text-muted-foreground print:text-black">
          Calls are shown to the people this event concerns.
        </p>
      ) : calls.length === 0 ? (
        <p className="text-sm text-muted-foreground print:text-black">Nobody is called.</p>
      ) : (
        <table className="w-full table-fixed text-sm">
          <caption className="sr-only">Calls for {event.name}</caption>
          <TableHead
            columns={CALL_COLUMNS}
            rowClassName="border-b text-left text-xs uppercase text-muted-foreground print:text-black"
            cellClassName="py-1 font-medium"
          />
          <tbody>
            {calls.map((c) => (
              <tr key={c.userId} className="border-b last:border-0 print:border-gray-300">
                <td className="break-words py-1 pr-2">
                  {c.name}
                  {c.characters.length > 0 && (
                    <span className="text-muted-foreground print:text-black">
                      {' '}
                      ({c.characters.join(', ')})
                    </span>
                  )}
                </td>
                <td className="py-1 pr-2">{formatCallTime(c.callTime) ?? 'At start'}</td>
                <td className="break-words py-1">
                  {CALL_STATUS_LABELS[c.status]}
                  {c.note && <span className="text-muted-foreground print:text-black"> · {c.note}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
