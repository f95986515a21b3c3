// /calendar/events/{eventId}/report: one rehearsal's or show's report. Its managers write the
// times, a summary and notes by department, save a draft and publish it (mail and bell to every
// department); readers see it as published, and it prints on one page. docs/product.md#rehearsal-reports
import type { Report, ReportPut } from '@common/schemas/breakdown';
import { NOTE_STATUS_LABELS } from '@common/breakdown';
import { Plus, Printer, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'wouter';
import { BackLink } from '@web/components/back-link';
import { FetchError } from '@web/components/fetch-error';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { LazyChoiceSelect as ChoiceSelect } from '@web/components/lazy-choice-select';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/hooks/use-toast';
import { errorMessage, isApiError } from '@web/lib/api';
import { useAuth } from '@web/lib/session';
import { useDepartments, usePublishReport, useReport, useSaveReport } from '../api/reports';
import { formatDate, formatDateTime } from '@web/lib/format';

export function ReportPage() {
  const params = useParams<{ eventId: string }>();
  const eventId = Number(params.eventId);
  const { organization } = useAuth();
  const orgId = organization?.id ?? 0;
  const report = useReport(orgId, eventId);
  return (
    <div className="mx-auto max-w-4xl space-y-6 print:max-w-none print:space-y-2">
      <BackLink href="/calendar">Back to Calendar</BackLink>
      {report.isLoading ? (
        <Skeleton className="h-64 w-full" role="status" aria-label="Loading report" />
      ) : report.isError ? (
        isApiError(report.error, 403) ? (
          <p className="text-muted-foreground">
            {errorMessage(report.error, 'This report is not published yet')}
          </p>
        ) : (
          <FetchError title="Error loading report" error={report.error} onRetry={() => report.refetch()} />
        )
      ) : report.data ? (
        report.data.canWrite ? (
          <ReportEditor orgId={orgId} report={report.data} key={report.data.id ?? 'new'} />
        ) : (
          <ReportView report={report.data} />
        )
      ) : null}
    </div>
  );
}

function Heading({ report }: { report: Report }) {
  return (
    <div className="space-y-1">
      <h1 className="text-3xl font-bold tracking-tight print:text-xl">Report: {report.eventName}</h1>
      <p className="text-muted-foreground print:text-black">
        {formatDate(report.startDateTime)}
        {' · '}
        {report.publishedAt ? `Published ${formatDateTime(report.publishedAt)}` : 'Draft'}
      </p>
    </div>
  );
}

/** What the report says, as readers (and the paper) see it. */
function ReportView({ report }: { report: Report }) {
  const t = report.times;
  const byDepartment = new Map<string, Report['notes']>();
  for (const n of report.notes)
    byDepartment.set(n.department, [...(byDepartment.get(n.department) ?? []), n]);
  return (
    <article className="space-y-4 print:text-[10pt]" data-testid="report">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading report={report} />
        <Button variant="outline" className="print:hidden" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          Print
        </Button>
      </div>
      <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">Times</dt>
        <dd>
          {t.start ?? '?'} to {t.end ?? '?'}
          {t.breaks.length > 0 &&
            `, breaks ${t.breaks.map((b) => `${b.start ?? '?'}–${b.end ?? '?'}`).join(', ')}`}
        </dd>
        <dt className="font-medium">Scenes worked</dt>
        <dd>{report.scenes.map((s) => s.name).join(', ') || 'None named'}</dd>
        <dt className="font-medium">Absent</dt>
        <dd>
          {report.absent.map((p) => (p.note ? `${p.name} (${p.note})` : p.name)).join(', ') || 'Nobody'}
        </dd>
        <dt className="font-medium">Late</dt>
        <dd>{report.late.map((p) => (p.note ? `${p.name} (${p.note})` : p.name)).join(', ') || 'Nobody'}</dd>
      </dl>
      {report.summary && <p className="whitespace-pre-line">{report.summary}</p>}
      {[...byDepartment].map(([department, notes]) => (
        <section key={department} className="break-inside-avoid space-y-1">
          <h2 className="text-lg font-semibold print:text-base">{department}</h2>
          <ul className="list-disc space-y-1 pl-5">
            {notes.map((n) => (
              <li key={n.id}>
                <span className="whitespace-pre-line">{n.text}</span>{' '}
                {n.confidential && <Badge variant="warning">Confidential</Badge>}{' '}
                <Badge variant={n.status === 'done' ? 'success' : 'secondary'}>
                  {NOTE_STATUS_LABELS[n.status]}
                </Badge>
                {n.reply && <span className="text-muted-foreground"> Reply: {n.reply}</span>}
                {n.mentions.length > 0 && (
                  <span className="ml-2 text-sm print:hidden">
                    {n.mentions.map((m) => (
                      <a key={`${m.kind}${m.id}`} href={m.link} className="mr-2 text-primary-text underline">
                        {m.name}
                      </a>
                    ))}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
      {byDepartment.size === 0 && <p className="text-muted-foreground">No notes.</p>}
    </article>
  );
}

type Draft = ReportPut & { notes: NonNullable<ReportPut['notes']> };

function draftOf(report: Report): Draft {
  return {
    times: report.times,
    summary: report.summary ?? '',
    notes: report.notes.map((n) => ({
      id: n.id,
      department: n.department,
      text: n.text,
      confidential: n.confidential,
    })),
  };
}

function ReportEditor({ orgId, report }: { orgId: number; report: Report }) {
  const departments = useDepartments(orgId);
  const save = useSaveReport(orgId, report.eventId);
  const publish = usePublishReport(orgId, report.eventId);
  const [draft, setDraft] = useState<Draft>(() => draftOf(report));
  const [preview, setPreview] = useState(false);
  const names = (departments.data ?? []).map((d) => d.name);
  const times = {
    start: draft.times?.start ?? null,
    end: draft.times?.end ?? null,
    breaks: draft.times?.breaks ?? [],
  };
  const setTimes = (next: Partial<typeof times>) => setDraft((d) => ({ ...d, times: { ...times, ...next } }));
  const setNote = (i: number, next: Partial<Draft['notes'][number]>) =>
    setDraft((d) => ({ ...d, notes: d.notes.map((n, j) => (j === i ? { ...n, ...next } : n)) }));

  const onSave = async () => {
    try {
      await save.mutateAsync(draft);
      toast({ title: 'Report saved' });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Failed to save report', description: errorMessage(error, '') });
    }
  };
  const onPublish = async () => {
    try {
      await save.mutateAsync(draft);
      await publish.mutateAsync(undefined);
      toast({ title: 'Report published', description: 'Every department has been sent it.' });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Failed to publish report',
        description: errorMessage(error, ''),
      });
    }
  };

  if (preview) {
    return (
      <div className="space-y-4">
        <Button variant="outline" className="print:hidden" onClick={() => setPreview(false)}>
          Back to editing
        </Button>
        <ReportView report={report} />
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <Heading report={report} />
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">Times</legend>
        <FormField id="report-start" label="Started">
          <Input
            id="report-start"
            type="time"
            value={times.start ?? ''}
            onChange={(e) => setTimes({ start: e.target.value || null })}
          />
        </FormField>
        <FormField id="report-end" label="Ended">
          <Input
            id="report-end"
            type="time"
            value={times.end ?? ''}
            onChange={(e) => setTimes({ end: e.target.value || null })}
          />
        </FormField>
        {times.breaks.map((b, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: breaks have no identity but their place
          <div key={i} className="flex items-end gap-2 sm:col-span-2">
            <FormField id={`break-start-${i}`} label={`Break ${i + 1} from`}>
              <Input
                id={`break-start-${i}`}
                type="time"
                value={b.start ?? ''}
                onChange={(e) =>
                  setTimes({
                    breaks: times.breaks.map((x, j) =>
                      j === i ? { ...x, start: e.target.value || null } : x,
                    ),
                  })
                }
              />
            </FormField>
            <FormField id={`break-end-${i}`} label="to">
              <Input
                id={`break-end-${i}`}
                type="time"
                value={b.end ?? ''}
                onChange={(e) =>
                  setTimes({
                    breaks: times.breaks.map((x, j) => (j === i ? { ...x, end: e.target.value || null } : x)),
                  })
                }
              />
            </FormField>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove break ${i + 1}`}
              onClick={() => setTimes({ breaks: times.breaks.filter((_, j) => j !== i) })}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        ))}
        <div className="sm:col-span-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => setTimes({ breaks: [...times.breaks, { start: null, end: null }] })}
          >
            <Plus aria-hidden="true" />
            Add Break
          </Button>
        </div>
      </fieldset>
      <div className="space-y-1 text-sm">
        <p>
          <span className="font-medium">Scenes worked:</span>{' '}
          {report.scenes.map((s) => s.name).join(', ') || 'None named'}
        </p>
        <p>
          <span className="font-medium">Absent:</span>{' '}
          {report.absent.map((p) => p.name).join(', ') || 'Nobody'}
          {' · '}
          <span className="font-medium">Late:</span> {report.late.map((p) => p.name).join(', ') || 'Nobody'}
          <span className="text-muted-foreground"> (from attendance)</span>
        </p>
      </div>
      <FormField id="report-summary" label="Summary">
        <Textarea
          id="report-summary"
          rows={3}
          value={draft.summary ?? ''}
          onChange={(e) => setDraft((d) => ({ ...d, summary: e.target.value }))}
        />
      </FormField>
      <fieldset className="space-y-3">
        <legend className="mb-2 text-lg font-semibold">Notes</legend>
        {draft.notes.map((n, i) => (
          <div key={n.id ?? `new-${i}`} className="space-y-2 rounded-md border p-3" data-testid="report-note">
            <div className="flex flex-wrap items-center gap-3">
              <ChoiceSelect
                label={`Department of note ${i + 1}`}
                value={n.department}
                onChange={(department) => setNote(i, { department })}
                choices={names.map((d) => [d, d])}
                placeholder="Department"
                className="w-48"
              />
              <Label className="flex items-center gap-2 font-normal">
                <Checkbox
                  checked={n.confidential ?? false}
                  onCheckedChange={(on) => setNote(i, { confidential: on === true })}
                />
                Confidential
              </Label>
              <Button
                variant="ghost"
                size="sm"
                className="ml-auto text-destructive"
                onClick={() => setDraft((d) => ({ ...d, notes: d.notes.filter((_, j) => j !== i) }))}
              >
                Remove
              </Button>
            </div>
            <Textarea
              aria-label={`Note ${i + 1}`}
              rows={2}
              value={n.text}
              onChange={(e) => setNote(i, { text: e.target.value })}
            />
          </div>
        ))}
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            setDraft((d) => ({
              ...d,
              notes: [...d.notes, { department: names[0] ?? '', text: '', confidential: false }],
            }))
          }
        >
          <Plus aria-hidden="true" />
          Add Note
        </Button>
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button onClick={onSave} disabled={save.isPending}>
          Save Draft
        </Button>
        <Button variant="secondary" onClick={onPublish} disabled={save.isPending || publish.isPending}>
          <Send aria-hidden="true" />
          {report.publishedAt ? 'Publish Again' : 'Publish'}
        </Button>
        <Button variant="ghost" onClick={() => setPreview(true)} disabled={report.id === null}>
          <Printer aria-hidden="true" />
          Preview and print
        </Button>
      </div>
    </div>
  );
}
