import { changedFields, type PageFields } from '@common/library/merge';

type Shown = Pick<PageFields, 'title' | 'tags'> & { isPublic?: boolean };

const ADDED = 'rounded bg-green-100 px-1 text-green-950 no-underline dark:bg-green-950 dark:text-green-100';
const REMOVED = 'rounded bg-red-100 px-1 text-red-950 decoration-red-400 dark:bg-red-950 dark:text-red-100';

const tagSet = (tags: readonly string[]) => new Set(tags.map((t) => t.toLowerCase()));

/**
 * What changed besides the text, from `before` to `after`: the title, the tags added and
 * removed, and whether the page is public. Nothing is drawn when none of them changed.
 */
export function FieldChanges({ before, after, label }: { before: Shown; after: Shown; label: string }) {
  const full = (s: Shown): PageFields => ({ content: '', isPublic: false, ...s });
  // Versions in the history do not record whether the page was public.
  const knowsPublic = before.isPublic !== undefined && after.isPublic !== undefined;
  const changed = changedFields(full(before), full(after)).filter((f) => f !== 'isPublic' || knowsPublic);
  if (changed.length === 0) return null;
  const had = tagSet(before.tags);
  const has = tagSet(after.tags);
  const added = after.tags.filter((t) => !had.has(t.toLowerCase()));
  const removed = before.tags.filter((t) => !has.has(t.toLowerCase()));
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" aria-label={label}>
      {changed.includes('title') && (
        <>
          <dt className="font-medium">Title</dt>
          <dd className="flex flex-wrap items-center gap-1">
            <del className={REMOVED}>
              <span className="sr-only">was </span>
              {before.title}
            </del>
            <span aria-hidden="true">→</span>
            <ins className={ADDED}>
              <span className="sr-only">now </span>
              {after.title}
            </ins>
          </dd>
        </>
      )}
      {changed.includes('tags') && (
        <>
          <dt className="font-medium">Tags</dt>
          <dd className="flex flex-wrap items-center gap-1">
            {added.map((t) => (
              <ins key={`+${t}`} className={ADDED}>
                <span className="sr-only">added </span>+{t}
              </ins>
            ))}
            {removed.map((t) => (
              <del key={`-${t}`} className={REMOVED}>
                <span className="sr-only">removed </span>−{t}
              </del>
            ))}
          </dd>
        </>
      )}
      {changed.includes('isPublic') && (
        <>
          <dt className="font-medium">Public</dt>
          <dd>{after.isPublic ? 'Made public' : 'Made private'}</dd>
        </>
      )}
    </dl>
  );
}
