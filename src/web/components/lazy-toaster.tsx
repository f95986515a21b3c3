import { lazy, Suspense } from 'react';
import { useToast } from '@web/hooks/use-toast';

const Toaster = lazy(async () => ({ default: (await import('./ui/toaster')).Toaster }));

/**
 * The toaster (Radix Toast) loads with the first toast, not with the first page: most visits
 * show none, and the store (hooks/use-toast) keeps what is raised while it loads.
 */
export function LazyToaster() {
  const { toasts } = useToast();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
