import { ScrollRegion } from '@web/components/scroll-region';
import type { SchemaColumn } from '@common/schemas/system';

/** What the manager may do with a column, in words. */
function access(c: SchemaColumn): string {
  if (c.editable) return 'Editable';
  if (c.creatable) return 'Set when added';
  return c.readOnlyReason ? `Read-only: ${c.readOnlyReason}` : 'Read-only';
}

/** column_name, data_type, is_nullable, column_default, and whether the manager may change it. */
export function SchemaTable({ columns }: { columns: SchemaColumn[] }) {
  const headers = ['column_name', 'data_type', 'is_nullable', 'column_default'] as const;
  return (
    <ScrollRegion label="Columns" className="rounded-md border">
      <table className="w-full text-sm">
        <thead className="bg-muted/50">
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 text-left font-medium">
                {h}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 text-left font-medium">
              In this manager
            </th>
          </tr>
        </thead>
        <tbody>
          {columns.map((c) => (
            <tr key={c.column_name} className="border-t">
              {headers.map((h) => (
                <td key={h} className="px-3 py-2 font-mono text-xs">
                  {c[h] ?? <span className="italic text-muted-foreground">NULL</span>}
                </td>
              ))}
              <td className="px-3 py-2 text-xs">{access(c)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
