import type {
  ConnectionTest,
  DatabaseSettings,
  StoredDatabaseSettings,
  SupportSettings,
  SystemInfo,
} from '@common/schemas/system';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/hooks/use-toast';
import { apiRequest, errorMessage } from '@web/lib/api';

/** The status refreshes every 30 seconds. */
export const INFO_REFRESH_MS = 30_000;

export const useSystemInfo = () =>
  useQuery<SystemInfo>({ queryKey: ['/api/system/info'], refetchInterval: INFO_REFRESH_MS, staleTime: 0 });

export const useDatabaseSettings = () =>
  useQuery<StoredDatabaseSettings>({ queryKey: ['/api/system/database-settings'] });

export function useSaveDatabaseSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: DatabaseSettings) =>
      apiRequest<StoredDatabaseSettings>('PATCH', '/api/system/database-settings', settings),
    onSuccess: (saved) => {
      queryClient.setQueryData(['/api/system/database-settings'], saved);
      toast({ title: 'Settings updated', description: 'They take effect when the server next starts.' });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Error',
        description: errorMessage(error, 'Failed to update settings'),
      }),
  });
}

export function useTestConnection() {
  return useMutation({
    mutationFn: (settings: DatabaseSettings) =>
      apiRequest<ConnectionTest>('POST', '/api/system/test-connection', settings),
    onSuccess: (result) =>
      toast({
        title: 'Connection test successful',
        description: `Connected successfully in ${result.responseTime} ms`,
      }),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Connection test failed',
        description: errorMessage(error, 'Connection test failed'),
      }),
  });
}

const SUPPORT_KEY = ['/api/system/support-settings'] as const;

export const useSupportSettings = () => useQuery<SupportSettings>({ queryKey: SUPPORT_KEY });

export function useSaveSupportSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { supportEmail: string }) =>
      apiRequest<SupportSettings>('PATCH', SUPPORT_KEY[0], input),
    onSuccess: (saved) => {
      queryClient.setQueryData(SUPPORT_KEY, saved);
      void queryClient.invalidateQueries({ queryKey: ['/api/support-contact'] });
      toast({ title: 'Support address saved' });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Error',
        description: errorMessage(error, 'Failed to save the support address'),
      }),
  });
}
