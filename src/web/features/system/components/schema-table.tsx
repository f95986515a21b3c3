import type { SchemaColumn } from '../api/database';

/** Spec part 2 §3: column_name, data_type, is_nullable, column_default. */
export function SchemaTable({ columns }: { columns: SchemaColumn[] }) {
  const headers = ['column_name', 'data_type', 'is_nullable', 'column_default'] as const;
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-sm">
        <thead className="bg-muted/50">
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 text-left font-medium">
                {h}
              </th>
            ))}
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
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
