import { diffLines } from 'diff';
import { useMemo } from 'react';

interface Line {
  kind: 'added' | 'removed' | 'same';
  text: string;
}

function linesOf(a: string, b: string): Line[] {
  const out: Line[] = [];
  for (const part of diffLines(a, b)) {
    const kind = part.added ? 'added' : part.removed ? 'removed' : 'same';
    const lines = part.value.replace(/\n$/, '').split('\n');
    for (const text of lines) out.push({ kind, text });
  }
  return out;
}

const STYLE = {
  added: 'bg-green-100 text-green-950 dark:bg-green-950 dark:text-green-100',
  removed: 'bg-red-100 text-red-950 line-through decoration-red-400 dark:bg-red-950 dark:text-red-100',
  same: '',
} as const;
const MARK = { added: '+', removed: '−', same: ' ' } as const;
const LABEL = { added: 'Added', removed: 'Removed', same: 'Unchanged' } as const;

/** A line diff of two versions' markdown, additions and removals marked by sign, colour and label. */
export function VersionDiff({ before, after }: { before: string; after: string }) {
  const lines = useMemo(() => linesOf(before, after), [before, after]);
  const added = lines.filter((l) => l.kind === 'added').length;
  const removed = lines.filter((l) => l.kind === 'removed').length;
  return (
    <div className="space-y-2">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {added} line{added === 1 ? '' : 's'} added, {removed} line{removed === 1 ? '' : 's'} removed
      </p>
      <ol className="overflow-x-auto rounded-md border font-mono text-xs" aria-label="Differences">
        {lines.map((line, i) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity beyond their place
            key={i}
            className={`flex gap-2 px-2 py-0.5 whitespace-pre-wrap ${STYLE[line.kind]}`}
            data-diff={line.kind}
          >
            <span aria-hidden="true" className="w-3 select-none">
              {MARK[line.kind]}
            </span>
            <span className="sr-only">{LABEL[line.kind]}: </span>
            <span>{line.text || ' '}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
