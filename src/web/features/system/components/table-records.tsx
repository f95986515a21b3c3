import { Download, Plus } from 'lucide-react';
import { lazy, useState } from 'react';
import { useConfirm } from '@web/components/confirm-dialog';
import { MountWhenOpened } from '@web/components/mount-when-opened';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import type { DbRecord } from '@common/schemas/system';
import { exportTable, PAGE_SIZE, useRecordChange, useRecords, useSchema } from '../api/database';
import { RecordsGrid } from './records-grid';
import { SearchBox } from './search-box';

// The add/edit form (its dialog and react-hook-form) loads on first opening, not with the page.
const RecordDialog = lazy(async () => ({ default: (await import('./record-dialog')).RecordDialog }));

interface TableRecordsProps {
  table: string;
  search: string;
  page: number;
  onSearch: (search: string) => void;
  onPage: (page: number) => void;
}

/** One table's records: search, paging on the server, export, add, edit and delete. */
export function TableRecords({ table, search, page, onSearch, onPage }: TableRecordsProps) {
  const records = useRecords(table, search, page);
  const schema = useSchema(table);
  const { remove } = useRecordChange(table);
  const [editing, setEditing] = useState<DbRecord | 'new' | null>(null);
  const confirm = useConfirm();
  const total = records.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-2 sm:flex-row">
        <SearchBox
          label={`Search ${table}`}
          placeholder="Search records..."
          value={search}
          onSearch={onSearch}
        />
        <Button variant="outline" onClick={() => void exportTable(table)}>
          <Download aria-hidden="true" />
          Export
        </Button>
        {schema.data?.insertable && (
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" />
            Add Record
          </Button>
        )}
      </div>
      {records.isLoading ? (
        <Skeleton className="h-64 w-full" aria-busy="true" />
      ) : records.isError ? (
        <Alert variant="destructive">
          <AlertTitle>Error</AlertTitle>
          <AlertDescription>Failed to fetch table data</AlertDescription>
        </Alert>
      ) : total === 0 ? (
        <p className="py-12 text-center font-medium text-muted-foreground">No Records Found</p>
      ) : (
        <RecordsGrid
          columns={records.data?.columns ?? []}
          records={records.data?.records ?? []}
          onEdit={setEditing}
          onDelete={(record) =>
            confirm.ask({
              title: 'Delete Record',
              description: `Delete record #${record.id} from ${table}? This action cannot be undone.`,
              confirmLabel: 'Delete',
              destructive: true,
              onConfirm: () => remove.mutateAsync(record.id).catch(() => undefined),
            })
          }
        />
      )}
      <nav aria-label="Pages" className="flex items-center justify-between text-sm">
        <span className="text-muted-foreground">
          {total} {total === 1 ? 'record' : 'records'} · Page {page} of {pages}
        </span>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </div>
      </nav>
      {schema.isError && (
        <Alert variant="destructive">
          <AlertDescription>Failed to fetch table schema</AlertDescription>
        </Alert>
      )}
      <MountWhenOpened open={editing !== null}>
        <RecordDialog
          table={table}
          columns={schema.data?.columns ?? []}
          record={editing}
          onClose={() => setEditing(null)}
        />
      </MountWhenOpened>
      {confirm.dialog}
    </div>
  );
}
