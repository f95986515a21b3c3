import { policy } from '@common/permissions';
import type { WikiPageView } from '@common/schemas/library';
import { titleFromSlug } from '@common/library/slug';
import { FilePlus } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Redirect, useLocation, useParams, useSearch } from 'wouter';
import { useConfirm } from '@web/components/confirm-dialog';
import { NotFoundCard } from '@web/components/not-found-card';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/hooks/use-toast';
import { errorMessage } from '@web/lib/api';
import { useAuth } from '@web/lib/session';
import { useDeleteWikiPage } from '../api/mutations';
import { useWikiPage } from '../api/pages';
import { LibraryToolbar } from '../components/library-toolbar';
import { PageView } from '../components/page-view';

// Reading a page needs only the server's HTML. The editor (its live preview starts a worker with
// the markdown renderer and sanitizer) and the history (renderer and diff) load when a writer
// opens them.
const PageEditor = lazy(async () => ({ default: (await import('../components/page-editor')).PageEditor }));
const HistoryView = lazy(async () => ({ default: (await import('../components/history-view')).HistoryView }));

const Loading = ({ label }: { label: string }) => (
  <div className="space-y-4" role="status" aria-label={label}>
    <Skeleton className="h-10 w-1/2" />
    <Skeleton className="h-96 w-full" />
  </div>
);

/** `/library` goes to the home page. */
export function LibraryIndexPage() {
  return <Redirect to="/library/home" replace />;
}

type Mode = { kind: 'read' } | { kind: 'edit' } | { kind: 'history'; from: number; to: number };

function modeOf(search: string, page: WikiPageView | null | undefined): Mode {
  const params = new URLSearchParams(search);
  if (params.get('edit') === '1') return { kind: 'edit' };
  if (params.get('history') === '1' && page) {
    const clamp = (v: string | null, fallback: number) => {
      const n = Number(v);
      return Number.isInteger(n) && n >= 1 && n <= page.currentVersion ? n : fallback;
    };
    const to = clamp(params.get('to'), page.currentVersion);
    return { kind: 'history', from: clamp(params.get('from'), Math.max(1, to - 1)), to };
  }
  return { kind: 'read' };
}

/** `/library/{slug}`: read, edit (`?edit=1`), history and compare (`?history=1&from=&to=`). */
export function LibraryPage() {
  const { slug = 'home' } = useParams<{ slug: string }>();
  const search = useSearch();
  const [, navigate] = useLocation();
  const { organization, actor } = useAuth();
  const canWrite = policy.editWiki(actor);
  const orgId = organization?.id;
  const page = useWikiPage(orgId, slug);
  const mode = modeOf(search, page.data);
  const { ask, dialog } = useConfirm();
  const remove = useDeleteWikiPage(orgId ?? 0, page.data?.id ?? 0);
  const here = `/library/${slug}`;

  if (!orgId)
    return <NotFoundCard title="Page Not Found" message="The library belongs to an organization." />;
  if (page.isLoading) {
    return (
      <div className="mx-auto max-w-6xl space-y-4" role="status" aria-label="Loading page">
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-10 w-1/2" />
        <Skeleton className="h-96 w-full" />
      </div>
    );
  }
  if (page.isError) {
    return (
      <div className="mx-auto max-w-6xl space-y-4">
        <LibraryToolbar />
        <Alert variant="destructive">
          <AlertTitle>Error loading page</AlertTitle>
          <AlertDescription>{page.error.message}</AlertDescription>
        </Alert>
      </div>
    );
  }
  const current = page.data ?? null;
  const editing = mode.kind === 'edit' && canWrite;
  const onDelete = () =>
    ask({
      title: `Delete "${current?.title}"?`,
      description: 'This action cannot be undone.',
      confirmLabel: 'Delete',
      destructive: true,
      onConfirm: () =>
        remove
          .mutateAsync()
          .then(() => {
            toast({ title: 'Wiki page deleted successfully' });
            navigate('/library/home');
          })
          .catch((error) =>
            toast({
              variant: 'destructive',
              title: 'Failed to delete wiki page',
              description: errorMessage(error, '') || undefined,
            }),
          ),
    });

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <LibraryToolbar
        key={slug}
        actions={
          canWrite && current
            ? {
                onHistory: () => navigate(`${here}?history=1`),
                onEdit: () => navigate(`${here}?edit=1`),
                onDelete,
              }
            : undefined
        }
      />
      {editing ? (
        <Suspense fallback={<Loading label="Loading editor" />}>
          <PageEditor
            key={`${slug}-${current?.id ?? 'new'}`}
            orgId={orgId}
            page={current}
            slug={slug}
            initialTitle={titleFromSlug(slug)}
            onDone={(saved) => navigate(`/library/${saved}`)}
            onCancel={() => navigate(here)}
          />
        </Suspense>
      ) : !current ? (
        <div className="space-y-4">
          <NotFoundCard
            title="Page Not Found"
            message={
              canWrite
                ? `There is no page at /library/${slug} yet.`
                : "This page doesn't exist and you don't have permission to create it."
            }
          />
          {canWrite && (
            <div className="flex justify-center">
              <Button onClick={() => navigate(`${here}?edit=1`)}>
                <FilePlus aria-hidden="true" /> Create Page
              </Button>
            </div>
          )}
        </div>
      ) : mode.kind === 'history' && canWrite ? (
        <>
          <h1 className="text-2xl font-bold">History of {current.title}</h1>
          <Suspense fallback={<Loading label="Loading history" />}>
            <HistoryView
              orgId={orgId}
              page={current}
              from={mode.from}
              to={mode.to}
              onCompare={(from, to) => navigate(`${here}?history=1&from=${from}&to=${to}`, { replace: true })}
              confirm={ask}
            />
          </Suspense>
        </>
      ) : (
        <PageView page={current} />
      )}
      {dialog}
    </div>
  );
}
