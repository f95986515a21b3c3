// A season from another calendar app: what each event becomes, what is skipped and why, clashes.
import { eventTypeLabel } from '@common/glossary';
import type { CalendarImportResult } from '@common/schemas/imports';
import { EVENT_TYPES, SPACES } from '@common/calendar';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { LazyChoiceSelect } from '@web/components/lazy-choice-select';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';
import { type AdminColumn, AdminTable } from '../../admin/components/admin-table';
import { useImportUpload } from '../api/imports';
import { ImportPanel } from './import-panel';

const COLUMNS: AdminColumn[] = [
  { label: 'Event' },
  { label: 'Space' },
  { label: 'Dates' },
  { label: 'Fate' },
  { label: 'Clashes' },
];
const CHANGE = {
  name: 'title',
  description: 'description',
  spaces: 'space',
  time: 'time',
  dates: 'dates',
} as const;
const when = (wall: string) => wall.replace('T', ' ');

/** Every date of an event, the first few in view and the rest a click away. */
function Dates({ dates }: { dates: string[] }) {
  if (dates.length <= 3) return <>{dates.map(when).join(', ')}</>;
  return (
    <details>
      <summary>
        {dates.length} dates from {when(dates[0])}
      </summary>
      <ul className="text-xs">
        {dates.map((d) => (
          <li key={d}>{when(d)}</li>
        ))}
      </ul>
    </details>
  );
}
const FATE = { create: 'Create', update: 'Update', unchanged: 'Unchanged' } as const;
const NONE = 'none';
const SPACE_CHOICES = [[NONE, 'Skip such events'], ...SPACES.map((s) => [s, s] as const)] as const;
const TYPE_CHOICES = EVENT_TYPES.map((t) => [t, eventTypeLabel(t)] as const);

function Report({ result, links }: { result: CalendarImportResult; links: boolean }) {
  return (
    <div className="space-y-3">
      <p>
        {result.dryRun ? 'Would create' : 'Created'} {result.created}, {result.dryRun ? 'update' : 'updated'}{' '}
        {result.updated}, unchanged {result.unchanged}, skipped {result.skipped.length}.
      </p>
      <AdminTable caption="Events of the file" columns={COLUMNS}>
        {result.items.map((e) => (
          <tr key={e.uid} className="border-t">
            <td className="px-4 py-2">
              {links && e.eventId ? (
                <Link href={`/calendar?view=week&date=${e.start.slice(0, 10)}`} className="underline">
                  {e.summary}
                </Link>
              ) : (
                e.summary
              )}
            </td>
            <td className="px-4 py-2">{e.spaces.join(', ')}</td>
            <td className="px-4 py-2 whitespace-nowrap">
              <Dates dates={e.dates} />
            </td>
            <td className="px-4 py-2">
              {FATE[e.status]}
              {e.changes.length > 0 && ` (${e.changes.map((c) => CHANGE[c]).join(', ')})`}
            </td>
            <td className="px-4 py-2 text-sm">
              {e.clashes.length > 0 && (
                <ul aria-label={`Clashing dates of ${e.summary}`}>
                  {e.clashes.map((c) => (
                    <li key={`${c.start}-${c.message}`}>
                      {when(c.start)}: {c.message}
                    </li>
                  ))}
                </ul>
              )}
            </td>
          </tr>
        ))}
        {result.skipped.map((s) => (
          <tr key={`skip-${s.uid}`} className="border-t text-destructive">
            <td className="px-4 py-2">{s.summary}</td>
            <td className="px-4 py-2" />
            <td className="px-4 py-2" />
            <td className="px-4 py-2" colSpan={2}>
              Skipped: {s.reason}
            </td>
          </tr>
        ))}
      </AdminTable>
      {result.removed.length > 0 && (
        <section aria-label="Dates that go" className="space-y-1">
          <h3 className="font-semibold">
            {result.dryRun ? 'Dates this import will remove' : 'Dates removed'}
          </h3>
          <ul className="list-disc pl-6 text-sm">
            {result.removed.map((r) => (
              <li key={r.eventId}>
                {r.summary}, {when(r.start)}
                {r.calls.length > 0 &&
                  ` — calls: ${r.calls.map((c) => `${c.name} (${c.status})`).join(', ')}`}
                {r.followers.length > 0 && ` — followed by ${r.followers.join(', ')}`}
              </li>
            ))}
          </ul>
        </section>
      )}
      {result.missing.length > 0 && (
        <p className="text-sm text-muted-foreground">
          No longer in this file (kept, delete them in the calendar if they are gone):{' '}
          {result.missing.map((m) => m.title).join(', ')}
        </p>
      )}
    </div>
  );
}

export function CalendarImport({ organizationId }: { organizationId: number }) {
  const upload = useImportUpload(organizationId, 'calendar');
  const [space, setSpace] = useState(NONE);
  const [eventType, setEventType] = useState('other');
  const [allowConflicts, setAllowConflicts] = useState(false);
  const ids = { space: useId(), type: useId(), clash: useId() };
  const fields = (): Record<string, string> => ({
    ...(space !== NONE ? { space } : {}),
    eventType,
    allowConflicts: String(allowConflicts),
  });
  return (
    <ImportPanel<CalendarImportResult>
      accept=".ics,text/calendar"
      fileLabel="Calendar file (.ics)"
      hint="Export it from Google Calendar, Outlook or Apple Calendar. Importing a newer file later updates the same events."
      options={
        <div className="flex flex-wrap items-end gap-4">
          <div className="space-y-1">
            <Label htmlFor={ids.space}>Space for events without a known location</Label>
            <LazyChoiceSelect
              id={ids.space}
              className="w-56"
              value={space}
              onChange={setSpace}
              choices={SPACE_CHOICES}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor={ids.type}>Event type</Label>
            <LazyChoiceSelect
              id={ids.type}
              className="w-40"
              value={eventType}
              onChange={setEventType}
              choices={TYPE_CHOICES}
            />
          </div>
          <div className="flex items-center gap-2 pb-2">
            <Checkbox
              id={ids.clash}
              checked={allowConflicts}
              onCheckedChange={(v) => setAllowConflicts(v === true)}
            />
            <Label htmlFor={ids.clash}>Import over booked spaces</Label>
          </div>
        </div>
      }
      run={(file, dryRun) => upload.run(file, fields(), dryRun)}
      progress={upload.progress}
      error={upload.error}
      canImport={(p) => p.created + p.updated > 0}
      renderPreview={(p) => <Report result={p} links={false} />}
      renderResult={(r) => <Report result={r} links />}
    />
  );
}
