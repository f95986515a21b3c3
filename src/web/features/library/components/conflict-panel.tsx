import type { PageField, PageFields } from '@common/library/merge';
import { changedFields } from '@common/library/merge';
import type { WikiPage } from '@common/schemas/library';
import { TriangleAlert } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { personName } from '../lib/format';
import { FieldChanges } from './field-changes';
import { VersionDiff } from './version-diff';

interface Props {
  newer: WikiPage;
  /** The version both edits started from, what is in the editor now, and the version saved meanwhile. */
  base: PageFields;
  mine: PageFields;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}

const NAMES: Record<PageField, string> = {
  title: 'the title',
  tags: 'the tags',
  content: 'the text',
  isPublic: 'whether the page is public',
};

const list = (fields: PageField[]) => {
  const names = fields.map((f) => NAMES[f]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
};

/**
 * After a 409: their version against the user's (title, tags and text), what will be merged,
 * and a choice for what both changed. What only one side changed is kept either way.
 */
export function ConflictPanel({ newer, base, mine, onKeepMine, onTakeTheirs }: Props) {
  const theirs: PageFields = newer;
  const theyChanged = changedFields(base, theirs);
  const iChanged = changedFields(base, mine);
  const both = theyChanged.filter((f) => iChanged.includes(f) && changedFields(mine, theirs).includes(f));
  const theirsOnly = theyChanged.filter((f) => !both.includes(f));
  const mineOnly = iChanged.filter((f) => !both.includes(f));
  return (
    <Alert variant="warning" role="alert">
      <TriangleAlert aria-hidden="true" />
      <AlertTitle>This page was changed while you were editing</AlertTitle>
      <AlertDescription className="space-y-3">
        <p>
          {personName(newer.author)} saved version {newer.currentVersion}. Your text is still in the editor.
          Here is their version against yours:
        </p>
        <section aria-label="Their version against yours" className="space-y-2">
          <FieldChanges before={theirs} after={mine} label="Title, tags and visibility" />
          {newer.content === mine.content ? (
            <p className="text-sm">The text is the same in both.</p>
          ) : (
            <VersionDiff before={newer.content} after={mine.content} />
          )}
        </section>
        <ul className="list-disc space-y-1 pl-5 text-sm" aria-label="How the two are merged">
          {theirsOnly.length > 0 && <li>Their change to {list(theirsOnly)} is kept either way.</li>}
          {mineOnly.length > 0 && <li>Your change to {list(mineOnly)} is kept either way.</li>}
          {both.length > 0 && (
            <li>
              You both changed {list(both)}: “Keep my text” keeps yours, “Use their version” takes theirs.
            </li>
          )}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" onClick={onKeepMine}>
            Keep my text
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={onTakeTheirs}>
            Use their version
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}
