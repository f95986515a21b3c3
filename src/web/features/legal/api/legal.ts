import type { LegalKind, LegalPage, LegalTexts } from '@common/schemas/legal';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/hooks/use-toast';
import { apiRequest, errorMessage } from '@web/lib/api';

const TEXTS_KEY = ['/api/system/legal'];

export const useLegalPage = (kind: LegalKind) => useQuery<LegalPage>({ queryKey: [`/api/legal/${kind}`] });

export const useLegalTexts = () => useQuery<LegalTexts>({ queryKey: TEXTS_KEY });

export function useSaveLegalTexts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (texts: LegalTexts) => apiRequest<LegalTexts>('PUT', '/api/system/legal', texts),
    onSuccess: (saved) => {
      queryClient.setQueryData(TEXTS_KEY, saved);
      void queryClient.invalidateQueries({ queryKey: ['/api/legal/terms'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/legal/privacy'] });
      toast({ title: 'Terms and privacy policy saved' });
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to save') }),
  });
}
