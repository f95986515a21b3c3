// A season from another calendar app: what each event becomes, what is skipped and why, clashes.
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

const COLUMNS: AdminColumn[] = [{ label: 'Event' }, { label: 'Starts' }, { label: 'Fate' }];
const FATE = { create: 'Create', update: 'Update', unchanged: 'Unchanged' } as const;
const NONE = 'none';
const SPACE_CHOICES = [[NONE, 'Skip such events'], ...SPACES.map((s) => [s, s] as const)] as const;
const TYPE_CHOICES = EVENT_TYPES.map((t) => [t, t.charAt(0).toUpperCase() + t.slice(1)] as const);

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
            <td className="px-4 py-2 whitespace-nowrap">{e.start.replace('T', ' ')}</td>
            <td className="px-4 py-2">{FATE[e.status]}</td>
          </tr>
        ))}
        {result.skipped.map((s) => (
          <tr key={`skip-${s.uid}`} className="border-t text-destructive">
            <td className="px-4 py-2">{s.summary}</td>
            <td className="px-4 py-2" />
            <td className="px-4 py-2">Skipped: {s.reason}</td>
          </tr>
        ))}
      </AdminTable>
      {result.conflicts.length > 0 && (
        <ul className="list-disc pl-6 text-sm" aria-label="Space clashes">
          {result.conflicts.map((c) => (
            <li key={`clash-${c.uid}`}>
              {c.summary}: {c.message}
            </li>
          ))}
        </ul>
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
