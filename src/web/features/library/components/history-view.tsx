import type { WikiPageView } from '@common/schemas/library';
import { renderMarkdown } from '@common/library/markdown';
import { RotateCcw } from 'lucide-react';
import { useMemo } from 'react';
import type { ConfirmRequest } from '@web/components/confirm-dialog';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/hooks/use-toast';
import { errorMessage } from '@web/lib/api';
import { useWikiVersion, useWikiVersions } from '../api/history';
import { useRevertWikiPage } from '../api/mutations';
import { personName, shortDateTime } from '../lib/format';
import { FieldChanges } from './field-changes';
import { RenderedMarkdown } from './rendered-markdown';
import { VersionDiff } from './version-diff';

interface Props {
  orgId: number;
  page: WikiPageView;
  from: number;
  to: number;
  onCompare: (from: number, to: number) => void;
  confirm: (request: ConfirmRequest) => void;
}

function VersionSelect(props: { label: string; value: number; max: number; onChange: (v: number) => void }) {
  const id = `compare-${props.label.toLowerCase()}`;
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm">
      {props.label}
      <select
        id={id}
        className="h-9 rounded-md border bg-background px-2"
        value={props.value}
        onChange={(e) => props.onChange(Number(e.target.value))}
      >
        {Array.from({ length: props.max }, (_, i) => props.max - i).map((v) => (
          <option key={v} value={v}>
            Version {v}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Versions with their 200-character previews, any two compared as a line diff, and revert. */
export function HistoryView({ orgId, page, from, to, onCompare, confirm }: Props) {
  const versions = useWikiVersions(orgId, page.id);
  const before = useWikiVersion(orgId, page.id, from);
  const after = useWikiVersion(orgId, page.id, to);
  const revert = useRevertWikiPage(orgId, page.id);
  const rendered = useMemo(
    () =>
      after.data
        ? renderMarkdown(after.data.content, { basePath: '/library', targets: page.linkTargets }).html
        : '',
    [after.data, page.linkTargets],
  );
  const askRevert = (version: number) =>
    confirm({
      title: `Revert to version ${version}?`,
      description: `Version ${version} becomes the page's new version ${page.currentVersion + 1}; no version is lost.`,
      confirmLabel: 'Revert',
      onConfirm: () =>
        revert
          .mutateAsync(version)
          .then(() => toast({ title: 'Wiki page reverted successfully' }))
          .catch((error) =>
            toast({
              variant: 'destructive',
              title: 'Failed to revert wiki page',
              description: errorMessage(error, '') || undefined,
            }),
          ),
    });

  if (versions.isLoading) return <Skeleton className="h-64 w-full" aria-label="Loading history" />;
  if (versions.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>Error loading history</AlertTitle>
        <AlertDescription>{versions.error.message}</AlertDescription>
      </Alert>
    );
  }
  return (
    <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="text-lg">
            History
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="space-y-3" aria-label="Versions">
            {(versions.data ?? []).map((v, i, all) => (
              <li key={v.id} className="space-y-1 rounded-md border p-3 text-sm">
                <div className="flex items-center justify-between gap-2">
                  <span className="font-semibold">
                    Version {v.version}
                    {v.version === page.currentVersion && ' (current)'}
                  </span>
                  {v.version < page.currentVersion && (
                    <Button size="sm" variant="outline" onClick={() => askRevert(v.version)}>
                      <RotateCcw aria-hidden="true" /> Revert
                    </Button>
                  )}
                </div>
                <p className="text-muted-foreground">
                  {personName(v.author)} · {shortDateTime(v.createdAt)}
                </p>
                {v.changeNote && <p className="italic">{v.changeNote}</p>}
                {all[i + 1] && (
                  <FieldChanges
                    before={all[i + 1]}
                    after={v}
                    label={`Title and tags changed in version ${v.version}`}
                  />
                )}
                <p className="line-clamp-3 break-words text-muted-foreground">{v.preview}</p>
                <Button
                  size="sm"
                  variant="link"
                  className="h-auto p-0"
                  onClick={() => onCompare(Math.max(1, v.version - 1), v.version)}
                >
                  Compare with previous
                </Button>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
      <div className="space-y-4">
        <div className="flex flex-wrap items-center gap-4">
          <VersionSelect
            label="From"
            value={from}
            max={page.currentVersion}
            onChange={(v) => onCompare(v, to)}
          />
          <VersionSelect
            label="To"
            value={to}
            max={page.currentVersion}
            onChange={(v) => onCompare(from, v)}
          />
        </div>
        {before.data && after.data ? (
          <>
            <FieldChanges
              before={before.data}
              after={after.data}
              label={`Title and tags, version ${from} to ${to}`}
            />
            <VersionDiff before={before.data.content} after={after.data.content} />
            <Card>
              <CardHeader>
                <CardTitle as="h2" className="text-lg">
                  Version {to} as readers saw it
                </CardTitle>
              </CardHeader>
              <CardContent>
                <RenderedMarkdown html={rendered} />
              </CardContent>
            </Card>
          </>
        ) : before.isError || after.isError ? (
          <Alert variant="destructive">
            <AlertTitle>Error loading versions</AlertTitle>
          </Alert>
        ) : (
          <Skeleton className="h-48 w-full" />
        )}
      </div>
    </div>
  );
}
