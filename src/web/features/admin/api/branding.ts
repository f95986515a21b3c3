import type { BrandImageAnswer, Branding, BrandingPatchInput } from '@common/schemas/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/hooks/use-toast';
import { ApiError, apiRequest, errorMessage } from '@web/lib/api';
import { ME_KEY } from '@web/lib/session';

const brandingKey = (orgId: number) => [`/api/organizations/${orgId}/branding`] as const;

export function useBranding(orgId: number) {
  return useQuery<Branding>({ queryKey: brandingKey(orgId) });
}

export function useUpdateBranding(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BrandingPatchInput) =>
      apiRequest<Branding>('PUT', `/api/organizations/${orgId}/branding`, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(brandingKey(orgId), saved);
      // The session carries the branding every screen applies: refetching restyles the app.
      void queryClient.invalidateQueries({ queryKey: ME_KEY });
      toast({ title: 'Branding updated', description: 'Your organization branding has been saved.' });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Update failed',
        description: errorMessage(error, 'Failed to update organization branding'),
      });
    },
  });
}

export type BrandImageKind = 'logo' | 'favicon';

const UPLOAD = {
  logo: { path: 'upload-logo', success: 'Logo uploaded', fallback: 'Failed to upload logo' },
  favicon: { path: 'upload-favicon', success: 'Favicon uploaded', fallback: 'Failed to upload favicon' },
} as const;

export function useUploadBrandImage(orgId: number, kind: BrandImageKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append(kind, file);
      const res = await fetch(`/api/organizations/${orgId}/${UPLOAD[kind].path}`, {
        method: 'POST',
        credentials: 'include',
        body,
      });
      const text = await res.text();
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      if (!res.ok) throw new ApiError(res.status, text || res.statusText, parsed);
      return parsed as BrandImageAnswer;
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: brandingKey(orgId) });
      void queryClient.invalidateQueries({ queryKey: ME_KEY });
      toast({ title: UPLOAD[kind].success });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Upload failed',
        description: errorMessage(error, UPLOAD[kind].fallback),
      });
    },
  });
}
