import { Activity } from 'lucide-react';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { useSystemInfo } from '../api/settings';
import { formatUptime } from '../lib/uptime';

const SOURCE = {
  embedded: 'Embedded PostgreSQL (PGlite) in DATA_DIR',
  DATABASE_URL: 'PostgreSQL server from DATABASE_URL',
  'saved settings': 'PostgreSQL server from the saved settings below',
} as Record<string, string>;

/** System status, read again every 30 seconds. */
export function SystemStatusCard() {
  const info = useSystemInfo();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Activity className="size-5" aria-hidden="true" />
          System Status
        </CardTitle>
        <CardDescription>Refreshed every 30 seconds.</CardDescription>
      </CardHeader>
      <CardContent>
        {info.isLoading ? (
          <Skeleton className="h-24 w-full" aria-busy="true" />
        ) : info.isError || !info.data ? (
          <Alert variant="destructive">
            <AlertDescription>Unable to load system status information.</AlertDescription>
          </Alert>
        ) : (
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <div>
              <dt className="text-sm text-muted-foreground">Database</dt>
              <dd>
                <Badge variant={info.data.databaseStatus === 'connected' ? 'success' : 'destructive'}>
                  {info.data.databaseStatus === 'connected' ? 'Connected' : 'Disconnected'}
                </Badge>
              </dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Connections</dt>
              <dd className="text-xl font-semibold">{info.data.connectionCount}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Uptime</dt>
              <dd className="text-xl font-semibold">{formatUptime(info.data.uptime)}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Version</dt>
              <dd className="text-xl font-semibold">{info.data.version}</dd>
            </div>
            <div className="sm:col-span-2 lg:col-span-4">
              <dt className="text-sm text-muted-foreground">This instance uses</dt>
              <dd>
                {SOURCE[info.data.database.source] ?? info.data.database.source}
                {info.data.database.name && (
                  <>
                    {' '}
                    (database <span className="font-mono">{info.data.database.name}</span>)
                  </>
                )}
              </dd>
            </div>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
