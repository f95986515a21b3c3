import { useLayoutEffect, useRef } from 'react';
import { cn } from '@web/lib/utils';

export interface AdminColumn {
  label: string;
  /** Extra classes for the heading cell (alignment, hiding on narrow screens); a heading never wraps. */
  className?: string;
}

interface AdminTableProps {
  caption: string;
  columns: AdminColumn[];
  busy?: boolean;
  /** The table's rows. */
  children: React.ReactNode;
}

/**
 * The administration screens' bordered table with its heading row. Below 640 px every row is a
 * stacked card (index.css `.stacked-table`), each cell led by its column's name, so nothing needs
 * sideways swiping on a phone.
 */
export function AdminTable({ caption, columns, busy, children }: AdminTableProps) {
  const body = useRef<HTMLTableSectionElement>(null);
  // Each cell names its column for the stacked layout; rows come and go with every render.
  useLayoutEffect(() => {
    for (const row of body.current?.rows ?? []) {
      [...row.cells].forEach((cell, i) => {
        const label = columns[i]?.label;
        if (label && cell.dataset.label !== label) cell.dataset.label = label;
      });
    }
  });
  return (
    <div className="overflow-x-auto rounded-md border" aria-busy={busy}>
      <table className="stacked-table w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/60 text-left text-muted-foreground">
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={cn('px-4 py-3 font-medium whitespace-nowrap', column.className)}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={body}>{children}</tbody>
      </table>
    </div>
  );
}
