import type { WikiPageSummary } from '@common/schemas/library';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Card, CardContent } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { useAuth } from '@web/lib/session';
import { useWikiPages, useWikiSearch } from '../api/pages';
import { HelpDialog } from '../components/help-dialog';
import { TagList } from '../components/page-view';
import '../components/wiki-content.css';

const Empty = ({ title, text }: { title: string; text?: string }) => (
  <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-12 text-center">
    <Search aria-hidden="true" className="size-8 text-muted-foreground" />
    <p className="font-semibold">{title}</p>
    {text && <p className="text-sm text-muted-foreground">{text}</p>}
  </div>
);

function TagResults({ orgId, tag }: { orgId: number; tag: string }) {
  const pages = useWikiPages(orgId, tag);
  if (pages.isLoading) return <Skeleton className="h-32 w-full" />;
  if (pages.isError) return <Empty title="Error loading pages" />;
  const list: WikiPageSummary[] = pages.data ?? [];
  return (
    <section className="space-y-3" aria-label={`Pages tagged ${tag}`}>
      <p className="text-sm text-muted-foreground">
        {list.length} page{list.length === 1 ? '' : 's'} tagged “{tag}”
      </p>
      {list.length === 0 ? (
        <Empty title="No results found" />
      ) : (
        <ul className="space-y-2">
          {list.map((p) => (
            <li key={p.id}>
              <Link className="font-medium text-primary-text underline" href={`/library/${p.slug}`}>
                {p.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** `/library-search?search=`: full-text results, filtered live while typing. */
export function LibrarySearchPage() {
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const { organization } = useAuth();
  const tag = params.get('tag') ?? '';
  const [text, setText] = useState(params.get('search') ?? '');
  const [query, setQuery] = useState(text.trim());
  // The address follows the box (replace, so Back leaves the search page), a moment after typing stops.
  useEffect(() => {
    const t = setTimeout(() => {
      setQuery(text.trim());
      if (!tag) navigate(`/library-search?search=${encodeURIComponent(text.trim())}`, { replace: true });
    }, 200);
    return () => clearTimeout(t);
  }, [text, tag, navigate]);
  const results = useWikiSearch(organization?.id, query);
  if (!organization) return null;

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Search the library</h1>
        <div className="flex gap-2">
          <Link className="text-sm text-primary-text underline" href="/library/home">
            Library home
          </Link>
          <HelpDialog />
        </div>
      </div>
      {tag ? (
        <TagResults orgId={organization.id} tag={tag} />
      ) : (
        <>
          <div className="relative">
            <Search aria-hidden="true" className="absolute left-3 top-3 size-4 text-muted-foreground" />
            <Input
              type="search"
              aria-label="Search the library"
              placeholder="Search titles, tags and content…"
              className="pl-9"
              value={text}
              autoFocus
              onChange={(e) => setText(e.target.value)}
            />
          </div>
          {!query ? (
            <Empty title="Enter a search term" text="Search page titles, tags and content." />
          ) : results.isError ? (
            <Alert variant="destructive">
              <AlertTitle>Search failed</AlertTitle>
              <AlertDescription>{results.error.message}</AlertDescription>
            </Alert>
          ) : !results.data ? (
            <Skeleton className="h-40 w-full" />
          ) : results.data.total === 0 ? (
            <Empty title="No results found" text={`Nothing in the library matches “${query}”.`} />
          ) : (
            <section className="space-y-3" aria-label="Search results">
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {results.data.total} result{results.data.total === 1 ? '' : 's'}
              </p>
              <ol className="space-y-3">
                {results.data.items.map((r) => (
                  <li key={r.id}>
                    <Card>
                      <CardContent className="space-y-2 p-4">
                        <Link
                          className="text-lg font-semibold text-primary-text underline"
                          href={`/library/${r.slug}`}
                        >
                          {r.title}
                        </Link>
                        <TagList tags={r.tags} />
                        <p
                          className="wiki-snippet text-sm text-muted-foreground"
                          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server escapes snippets; only <mark> is markup
                          dangerouslySetInnerHTML={{ __html: r.snippet }}
                        />
                      </CardContent>
                    </Card>
                  </li>
                ))}
              </ol>
            </section>
          )}
        </>
      )}
    </div>
  );
}
