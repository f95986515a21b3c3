import type { WikiLink, WikiPageView } from '@common/schemas/library';
import { Globe } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent } from '@web/components/ui/card';
import { personName, shortDateTime } from '../lib/format';
import { RenderedMarkdown } from './rendered-markdown';

export function TagList({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag}>
          <Link href={`/library-search?tag=${encodeURIComponent(tag)}`}>
            <Badge variant="secondary">{tag}</Badge>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Backlinks({ links }: { links: WikiLink[] }) {
  return (
    <section aria-labelledby="backlinks-heading" className="space-y-2">
      <h2 id="backlinks-heading" className="text-sm font-semibold text-muted-foreground">
        What links here
      </h2>
      {links.length === 0 ? (
        <p className="text-sm text-muted-foreground">No other page links here yet.</p>
      ) : (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {links.map((l) => (
            <li key={l.slug}>
              <Link className="text-primary-text underline" href={`/library/${l.slug}`}>
                {l.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A page as read: title, tags, author, last change, the rendered markdown and its backlinks. */
export function PageView({ page }: { page: WikiPageView }) {
  return (
    <article className="space-y-4" aria-labelledby="wiki-title">
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h1 id="wiki-title" className="text-3xl font-bold tracking-tight">
            {page.title}
          </h1>
          {page.isPublic && (
            <Badge variant="outline" title="Readable without signing in">
              <Globe aria-hidden="true" className="mr-1 size-3" /> Public
            </Badge>
          )}
        </div>
        <TagList tags={page.tags} />
        <p className="text-sm text-muted-foreground">
          By {personName(page.author)} · Last changed {shortDateTime(page.updatedAt)} · Version{' '}
          {page.currentVersion}
        </p>
      </header>
      <Card>
        <CardContent className="p-6">
          <RenderedMarkdown html={page.html} />
        </CardContent>
      </Card>
      <Backlinks links={page.backlinks} />
    </article>
  );
}
