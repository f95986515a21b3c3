import { BookOpen } from 'lucide-react';
import { Link } from 'wouter';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { useRecentWikiPages } from '../api/pages';

/** The dashboard's Library entry, for every role: the most recently changed pages. */
export function DashboardLibraryCard({ orgId }: { orgId: number }) {
  // Five pages, chosen by the server: a large library's full list is hundreds of kilobytes.
  const pages = useRecentWikiPages(orgId, 5);
  const recent = pages.data ?? [];
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle as="h2" className="flex items-center gap-2 text-lg">
          <BookOpen aria-hidden="true" className="size-5" /> Library
        </CardTitle>
        <Link className="text-sm text-primary-text underline" href="/library/home">
          Open the library
        </Link>
      </CardHeader>
      <CardContent>
        {pages.isLoading ? (
          <Skeleton className="h-20 w-full" />
        ) : pages.isError ? (
          <p className="text-sm text-destructive">Error loading the library</p>
        ) : recent.length === 0 ? (
          <p className="text-sm text-muted-foreground">No pages yet</p>
        ) : (
          <ul className="space-y-1 text-sm" aria-label="Recently changed pages">
            {recent.map((p) => (
              <li key={p.id}>
                <Link className="text-primary-text underline" href={`/library/${p.slug}`}>
                  {p.title}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
