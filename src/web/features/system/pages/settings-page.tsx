import { lazy, Suspense } from 'react';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { useDatabaseSettings } from '../api/settings';
import { DatabaseSettingsForm } from '../components/database-settings-form';
import { SystemStatusCard } from '../components/system-status-card';
import { SystemToolsNav } from '../components/system-tools-nav';

// The two editing cards bring their forms and the markdown renderer: they load just after the
// page's first paint, which keeps this route's first visit within its bundle budget.
const SupportAddressCard = lazy(async () => ({
  default: (await import('../components/support-address-card')).SupportAddressCard,
}));
const LegalTextsCard = lazy(async () => ({
  default: (await import('@web/features/legal/components/legal-texts-card')).LegalTextsCard,
}));
const cardLoading = <Skeleton className="h-48 w-full" aria-busy="true" />;

function DatabaseSettingsCard() {
  const settings = useDatabaseSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Database Configuration</CardTitle>
        <CardDescription>Connection settings for a PostgreSQL server.</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isLoading ? (
          <Skeleton className="h-64 w-full" aria-busy="true" />
        ) : settings.isError || !settings.data ? (
          <Alert variant="destructive">
            <AlertDescription>Failed to fetch database settings</AlertDescription>
          </Alert>
        ) : (
          <DatabaseSettingsForm stored={settings.data} />
        )}
      </CardContent>
    </Card>
  );
}

/** `/system/settings`: system status, the support address, database configuration, and the terms and privacy policy sign-up links to. */
export function SystemSettingsPage() {
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">System Administration</h1>
        <p className="text-muted-foreground">
          System status, support address, database configuration, terms and privacy policy.
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
        <SystemToolsNav />
        <div className="space-y-6">
          <SystemStatusCard />
          <Suspense fallback={cardLoading}>
            <SupportAddressCard />
          </Suspense>
          <DatabaseSettingsCard />
          <Suspense fallback={cardLoading}>
            <LegalTextsCard />
          </Suspense>
        </div>
      </div>
    </div>
  );
}
