// Two edits of one page that crossed: each field (title, tags, content, public) is merged on its
// own against the version both started from. A field only one side changed takes that change;
// a field both changed takes the side the writer chose. Nothing either side did alone is lost.

export interface PageFields {
  title: string;
  tags: readonly string[];
  content: string;
  isPublic: boolean;
}

export type MergeChoice = 'mine' | 'theirs';

const FIELDS = ['title', 'tags', 'content', 'isPublic'] as const;
export type PageField = (typeof FIELDS)[number];

/** Tags are equal when they hold the same names, whatever the order or letter case. */
const sameTags = (a: readonly string[], b: readonly string[]) => {
  const key = (tags: readonly string[]) =>
    tags
      .map((t) => t.toLowerCase())
      .sort()
      .join('\n');
  return key(a) === key(b);
};

export function sameField(field: PageField, a: PageFields, b: PageFields): boolean {
  return field === 'tags' ? sameTags(a.tags, b.tags) : a[field] === b[field];
}

/** The fields `after` changed from `before`. */
export const changedFields = (before: PageFields, after: PageFields): PageField[] =>
  FIELDS.filter((f) => !sameField(f, before, after));

export interface Merge {
  fields: PageFields;
  /** Fields both sides changed, differently: these took the chosen side. */
  conflicts: PageField[];
}

export function mergeEdits(
  base: PageFields,
  mine: PageFields,
  theirs: PageFields,
  choice: MergeChoice,
): Merge {
  const fields = { ...theirs };
  const conflicts: PageField[] = [];
  for (const f of FIELDS) {
    const iChanged = !sameField(f, base, mine);
    const theyChanged = !sameField(f, base, theirs);
    const both = iChanged && theyChanged && !sameField(f, mine, theirs);
    if (both) conflicts.push(f);
    const takeMine = both ? choice === 'mine' : iChanged;
    if (takeMine) Object.assign(fields, { [f]: mine[f] });
  }
  return { fields, conflicts };
}
