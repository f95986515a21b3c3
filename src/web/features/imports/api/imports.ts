// The two import calls: a dry run shows each row's fate, the real run makes them.
import type { CalendarImportResult, MemberImportResult } from '@common/schemas/imports';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ApiError } from '@web/lib/api';
import { apiUploadWithProgress } from '@web/lib/upload';

export type ImportKind = 'members' | 'calendar';
type ResultOf<K extends ImportKind> = K extends 'members' ? MemberImportResult : CalendarImportResult;

const PATH: Record<ImportKind, string> = { members: 'users/import', calendar: 'calendar/import' };

/** One upload at a time, with its progress, its answer and a readable error. */
export function useImportUpload<K extends ImportKind>(orgId: number, kind: K) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    async (file: File, fields: Record<string, string>, dryRun: boolean): Promise<ResultOf<K> | null> => {
      setError(null);
      setProgress(0);
      try {
        const url = `/api/organizations/${orgId}/${PATH[kind]}${dryRun ? '?dryRun=1' : ''}`;
        const result = await apiUploadWithProgress<ResultOf<K>>(url, file, fields, setProgress);
        // What the import made shows up everywhere that lists members or events.
        if (!dryRun) await queryClient.invalidateQueries();
        return result;
      } catch (err) {
        setError(
          err instanceof ApiError
            ? (err.serverMessage ?? 'The import failed. Please try again.')
            : 'The import failed. Please try again.',
        );
        return null;
      } finally {
        setProgress(null);
      }
    },
    [orgId, kind, queryClient],
  );
  return { run, progress, error };
}
