import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrandingProvider } from './components/branding-provider';
import { PageAnnouncer } from './components/page-announcer';
import { LazyToaster } from './components/lazy-toaster';
import { PresenceProvider } from './features/presence/presence-provider';
import { createQueryClient } from './lib/query-client';
import { Router } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrandingProvider>
        <PresenceProvider>
          <Router />
          <PageAnnouncer />
        </PresenceProvider>
        <LazyToaster />
      </BrandingProvider>
    </QueryClientProvider>
  );
}
