import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { useDecision } from '../api/organizations';
import type { PendingOrganization } from '@common/schemas/system';
import { usePendingOrganizations } from '../api/pending-organizations';
import { DecisionDialog } from '../components/decision-dialog';
import { LoadMore } from '../components/load-more';
import { PendingOrganizationCard } from '../components/pending-organization-card';
import { SystemToolsNav } from '../components/system-tools-nav';

function QueueList() {
  const pending = usePendingOrganizations();
  const approve = useDecision('approve');
  const [rejecting, setRejecting] = useState<PendingOrganization | null>(null);

  if (pending.isLoading) {
    return (
      <div className="space-y-3" aria-busy="true">
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-28 w-full" />
      </div>
    );
  }
  const pages = pending.data?.pages ?? [];
  const list = pages.flatMap((p) => p.items);
  if (pending.isError && list.length === 0) {
    return (
      <Alert variant="destructive">
        <AlertTitle>Error</AlertTitle>
        <AlertDescription>Failed to fetch pending organizations</AlertDescription>
      </Alert>
    );
  }
  if (list.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 py-12 text-center text-muted-foreground">
        <Inbox className="size-10" aria-hidden="true" />
        <p className="font-medium text-foreground">No pending organizations</p>
        <p className="text-sm">New registrations waiting for approval will appear here.</p>
      </div>
    );
  }
  return (
    <>
      <ul className="space-y-3" aria-label="Waiting for approval">
        {list.map((org) => (
          <li key={org.id}>
            <PendingOrganizationCard
              organization={org}
              busy={approve.isPending && approve.variables?.org.id === org.id}
              onApprove={() => approve.mutate({ org })}
              onReject={() => setRejecting(org)}
            />
          </li>
        ))}
      </ul>
      <LoadMore
        shown={list.length}
        total={pages[0]?.total ?? 0}
        hasMore={pending.hasNextPage}
        loading={pending.isFetchingNextPage}
        onMore={() => pending.fetchNextPage()}
      />
      <DecisionDialog decision="reject" organization={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}

/** `/system/approval-queue`: approve or reject new organizations. */
export function ApprovalQueuePage() {
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">System Administration</h1>
        <p className="text-muted-foreground">Review organizations waiting to join Greenroom.</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
        <SystemToolsNav />
        <Card>
          <CardHeader>
            <CardTitle as="h2">Organization Approval Queue</CardTitle>
            <CardDescription>
              Approve an organization to let its owner sign in, or reject it with a reason.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <QueueList />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
