import type { DbRecord, RecordDeleted, RecordPage, TableInfo, TableSchema } from '@common/schemas/system';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/hooks/use-toast';
import { apiRequest, errorMessage, withQuery } from '@web/lib/api';

export const PAGE_SIZE = 25;

export const useTables = () => useQuery<TableInfo[]>({ queryKey: ['/api/system/database/tables'] });

export function useRecords(table: string, search: string, page: number) {
  const url = withQuery(`/api/system/database/table/${encodeURIComponent(table)}`, {
    search: search.trim(),
    page,
    pageSize: PAGE_SIZE,
  });
  return useQuery<RecordPage>({ queryKey: [url], enabled: table !== '', placeholderData: (p) => p });
}

export const useSchema = (table: string) =>
  useQuery<TableSchema>({
    queryKey: [`/api/system/database/schema/${encodeURIComponent(table)}`],
    enabled: table !== '',
  });

export function useRecordChange(table: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({
      predicate: (q) =>
        typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/api/system/database/'),
    });
  const base = `/api/system/database/table/${encodeURIComponent(table)}`;
  const create = useMutation({
    mutationFn: (data: Record<string, unknown>) => apiRequest<DbRecord>('POST', base, data),
    onSuccess: () => {
      toast({ title: 'Record created successfully' });
      void refresh();
    },
  });
  const update = useMutation({
    mutationFn: ({ id, data }: { id: number; data: Record<string, unknown> }) =>
      apiRequest<DbRecord>('PATCH', `${base}/${id}`, data),
    onSuccess: () => {
      toast({ title: 'Record updated successfully' });
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest<RecordDeleted>('DELETE', `${base}/${id}`),
    onSuccess: () => {
      toast({ title: 'Record deleted successfully' });
      void refresh();
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Error',
        description: errorMessage(error, 'Failed to delete record'),
      }),
  });
  return { create, update, remove };
}

/** Downloads every record of the table as `{table}_export.json`. */
export async function exportTable(table: string) {
  try {
    const rows = await apiRequest<DbRecord[]>(
      'GET',
      `/api/system/database/table/${encodeURIComponent(table)}/export`,
    );
    const blob = new Blob([JSON.stringify(rows, null, 2)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `${table}_export.json`;
    a.click();
    URL.revokeObjectURL(url);
  } catch (error) {
    toast({
      variant: 'destructive',
      title: 'Error',
      description: errorMessage(error, 'Failed to fetch table data'),
    });
  }
}
