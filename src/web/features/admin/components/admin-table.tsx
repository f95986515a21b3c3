import { cn } from '@web/lib/utils';

export interface AdminColumn {
  label: string;
  /** Extra classes for the heading cell (alignment, hiding on narrow screens). */
  className?: string;
}

interface AdminTableProps {
  caption: string;
  columns: AdminColumn[];
  busy?: boolean;
  /** The table's rows. */
  children: React.ReactNode;
}

/** The administration screens' bordered, scrollable table with its heading row. */
export function AdminTable({ caption, columns, busy, children }: AdminTableProps) {
  return (
    <div className="overflow-x-auto rounded-md border" aria-busy={busy}>
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/60 text-left text-muted-foreground">
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={cn('px-4 py-3 font-medium', column.className)}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
