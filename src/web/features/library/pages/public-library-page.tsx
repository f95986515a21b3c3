import { BookX } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { Card, CardContent } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { usePublicWikiIndex, usePublicWikiPage } from '../api/public';
import { shortDateTime } from '../lib/format';
import { RenderedMarkdown } from '../components/rendered-markdown';

function Shell({
  shortname,
  name,
  children,
}: {
  shortname: string;
  name?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="min-h-screen bg-background">
      <header className="border-b bg-muted/40">
        <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-2 p-6">
          <p className="text-xl font-bold">{name ?? 'Library'}</p>
          <nav className="flex gap-4 text-sm" aria-label="Public pages">
            <Link className="text-primary-text underline" href={`/public/${shortname}/library`}>
              Library
            </Link>
            <Link className="text-primary-text underline" href={`/public/${shortname}/calendar`}>
              Calendar
            </Link>
          </nav>
        </div>
      </header>
      <main className="mx-auto max-w-3xl space-y-6 p-6">{children}</main>
    </div>
  );
}

const Loading = () => (
  <div className="mx-auto max-w-3xl space-y-4 p-6" role="status" aria-label="Loading">
    <Skeleton className="h-16 w-full" />
    <Skeleton className="h-64 w-full" />
  </div>
);

const Missing = () => (
  <div className="mx-auto flex max-w-xl flex-col items-center gap-3 p-16 text-center">
    <BookX aria-hidden="true" className="size-10 text-muted-foreground" />
    <h1 className="text-2xl font-bold">Page Not Found</h1>
    <p className="text-muted-foreground">There is no public page at this address.</p>
  </div>
);

/** `/public/{shortname}/library/{slug}`: a page marked public, readable without signing in. */
export function PublicLibraryPage() {
  const { orgShortname = '', slug = '' } = useParams<{ orgShortname: string; slug: string }>();
  const page = usePublicWikiPage(orgShortname, slug);
  if (page.isLoading) return <Loading />;
  if (page.isError || !page.data) return <Missing />;
  const p = page.data;
  return (
    <Shell shortname={orgShortname} name={p.organization.name}>
      <article className="space-y-4" aria-labelledby="public-wiki-title">
        <h1 id="public-wiki-title" className="text-3xl font-bold tracking-tight">
          {p.title}
        </h1>
        <p className="text-sm text-muted-foreground">Last changed {shortDateTime(p.updatedAt)}</p>
        <Card>
          <CardContent className="p-6">
            <RenderedMarkdown html={p.html} />
          </CardContent>
        </Card>
      </article>
    </Shell>
  );
}

/** `/public/{shortname}/library`: the organization's public pages. */
export function PublicLibraryIndexPage() {
  const { orgShortname = '' } = useParams<{ orgShortname: string }>();
  const index = usePublicWikiIndex(orgShortname);
  if (index.isLoading) return <Loading />;
  if (index.isError || !index.data) return <Missing />;
  return (
    <Shell shortname={orgShortname} name={index.data.organization.name}>
      <h1 className="text-2xl font-bold">Library</h1>
      {index.data.pages.length === 0 ? (
        <p className="text-muted-foreground">No public pages yet.</p>
      ) : (
        <ul className="space-y-2">
          {index.data.pages.map((p) => (
            <li key={p.slug}>
              <Link
                className="font-medium text-primary-text underline"
                href={`/public/${orgShortname}/library/${p.slug}`}
              >
                {p.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Shell>
  );
}
