// Registers the service worker that lets the app open offline (vite.config.ts says what it
// keeps). Loaded after the page, in production builds only (main.tsx): development and its hot
// reload never meet a worker, and the first paint does not wait for Workbox's window library.
import { registerSW } from 'virtual:pwa-register';
import { ToastAction } from '@web/components/ui/toast';
import { toast } from '@web/hooks/use-toast';

export function registerServiceWorker() {
  // `prompt`: a new version is installed in the background and waits; this asks before switching,
  // since switching reloads the page. Until then the worker keeps serving the version this page
  // came from, whose files it still holds.
  const update = registerSW({
    immediate: true,
    onNeedRefresh() {
      toast({
        title: 'A new version of Greenroom is ready',
        description: 'Reload to use it.',
        duration: Number.POSITIVE_INFINITY,
        action: (
          <ToastAction altText="Reload to use the new version" onClick={() => void update(true)}>
            Reload
          </ToastAction>
        ),
      });
    },
  });
}
