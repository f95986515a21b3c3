import { Copy, Pencil, Trash2 } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/hooks/use-toast';
import type { DbRecord } from '@common/schemas/system';
import { cellText } from '../lib/record-values';
import { ScrollRegion } from '@web/components/scroll-region';

interface RecordsGridProps {
  columns: string[];
  records: DbRecord[];
  onEdit: (record: DbRecord) => void;
  onDelete: (record: DbRecord) => void;
}

async function copyRecord(record: DbRecord) {
  try {
    await navigator.clipboard.writeText(JSON.stringify(record, null, 2));
    toast({ title: 'Copied to clipboard!' });
  } catch {
    toast({ variant: 'destructive', title: 'Error', description: 'The browser did not allow copying.' });
  }
}

/** The records of one table, each cell cut at 100 characters (the full value is its tooltip). */
export function RecordsGrid({ columns, records, onEdit, onDelete }: RecordsGridProps) {
  return (
    <ScrollRegion label="Records" className="rounded-md border">
      <table className="w-full text-sm">
        <thead className="bg-muted/50">
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col" className="whitespace-nowrap px-3 py-2 text-left font-medium">
                {c}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <tr key={record.id} className="border-t align-top">
              {columns.map((c) => {
                const value = record[c];
                const full =
                  value === null || typeof value !== 'object' ? String(value) : JSON.stringify(value);
                return (
                  <td key={c} className="max-w-xs break-words px-3 py-2" title={full}>
                    <span className={value === null ? 'italic text-muted-foreground' : undefined}>
                      {cellText(value)}
                    </span>
                  </td>
                );
              })}
              <td className="whitespace-nowrap px-3 py-2 text-right">
                <Button
                  size="icon"
                  variant="ghost"
                  onClick={() => void copyRecord(record)}
                  aria-label={`Copy record ${record.id}`}
                >
                  <Copy aria-hidden="true" />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  onClick={() => onEdit(record)}
                  aria-label={`Edit record ${record.id}`}
                >
                  <Pencil aria-hidden="true" />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  onClick={() => onDelete(record)}
                  aria-label={`Delete record ${record.id}`}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
