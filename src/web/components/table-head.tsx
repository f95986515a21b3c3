import { cn } from '@web/lib/utils';

export interface TableColumn {
  label: string;
  /** Classes of this column's header cell beside the table's own (width, alignment). */
  className?: string;
}

/** A table's header row from its column list: one `<th scope="col">` per column. */
export function TableHead({
  columns,
  rowClassName,
  cellClassName,
}: {
  columns: readonly TableColumn[];
  rowClassName: string;
  cellClassName: string;
}) {
  return (
    <thead>
      <tr className={rowClassName}>
        {columns.map((c) => (
          <th key={c.label} scope="col" className={cn(cellClassName, c.className)}>
            {c.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
