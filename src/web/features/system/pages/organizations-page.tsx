import { Building } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { LazyChoiceSelect } from '@web/components/lazy-choice-select';
import { Skeleton } from '@web/components/ui/skeleton';
import type { OrganizationSummary } from '@common/schemas/system';
import { useDecision, useOrganizations } from '../api/organizations';
import { DecisionDialog } from '../components/decision-dialog';
import { LoadMore } from '../components/load-more';
import { OrganizationCard } from '../components/organization-card';
import { SearchBox } from '../components/search-box';
import { useUrlState } from '../hooks/use-url-state';

const STATUSES = [
  ['all', 'All Statuses'],
  ['approved', 'Approved'],
  ['pending', 'Pending'],
  ['rejected', 'Rejected'],
  ['suspended', 'Suspended'],
] as const;

function Counts({ counts }: { counts?: Record<string, number> }) {
  const items = [
    ['Total', counts?.total],
    ['Approved', counts?.approved],
    ['Pending', counts?.pending],
    ['Rejected', counts?.rejected],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
      {items.map(([label, value]) => (
        // A <dl> may hold only <div> groups of <dt> and <dd>: the card is that div, styled as a Card.
        <div key={label} className="rounded-lg border bg-card p-4 text-card-foreground shadow-sm">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="text-2xl font-bold">{value ?? '–'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** `/system/organizations`: every organization, its counts and decisions. */
export function OrganizationsPage() {
  const [filters, setFilters] = useUrlState({ search: '', status: 'all' });
  const list = useOrganizations(filters);
  const approve = useDecision('approve');
  const [dialog, setDialog] = useState<{ decision: 'reject' | 'suspend'; org: OrganizationSummary } | null>(
    null,
  );
  const filtered = filters.search.trim() !== '' || filters.status !== 'all';
  const pages = list.data?.pages ?? [];
  const organizations = pages.flatMap((p) => p.items);

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">All Organizations</h1>
        <p className="text-muted-foreground">Every theater on Greenroom, whatever its approval state.</p>
      </div>
      <Counts counts={pages[0]?.counts} />
      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchBox
          label="Search organizations"
          placeholder="Search by name, shortname or email..."
          value={filters.search}
          onSearch={(search) => setFilters({ search })}
        />
        <LazyChoiceSelect
          className="sm:w-48"
          label="Filter by status"
          value={filters.status}
          onChange={(status) => setFilters({ status })}
          choices={STATUSES}
        />
      </div>
      {list.isLoading ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-busy="true">
          {[0, 1, 2, 3, 4, 5].map((n) => (
            <Skeleton key={n} className="h-48" />
          ))}
        </div>
      ) : list.isError && organizations.length === 0 ? (
        <Alert variant="destructive">
          <AlertTitle>Error Loading Organizations</AlertTitle>
          <AlertDescription>There was an error loading the organizations list.</AlertDescription>
        </Alert>
      ) : organizations.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-12 text-center text-muted-foreground">
          <Building className="size-10" aria-hidden="true" />
          <p className="font-medium text-foreground">No Organizations Found</p>
          <p className="text-sm">
            {filtered
              ? 'No organizations match your current filters.'
              : 'There are no organizations in the system yet.'}
          </p>
        </div>
      ) : (
        <>
          <ul
            className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
            aria-label="Organizations"
            aria-busy={list.isFetching && !list.isFetchingNextPage}
          >
            {organizations.map((org) => (
              <li key={org.id}>
                <OrganizationCard
                  organization={org}
                  busy={approve.isPending && approve.variables?.org.id === org.id}
                  onApprove={() => approve.mutate({ org })}
                  onReject={() => setDialog({ decision: 'reject', org })}
                  onSuspend={() => setDialog({ decision: 'suspend', org })}
                />
              </li>
            ))}
          </ul>
          <LoadMore
            shown={organizations.length}
            total={pages[0]?.total ?? 0}
            hasMore={list.hasNextPage}
            loading={list.isFetchingNextPage}
            onMore={() => list.fetchNextPage()}
          />
        </>
      )}
      <DecisionDialog
        decision={dialog?.decision ?? 'reject'}
        organization={dialog?.org ?? null}
        onClose={() => setDialog(null)}
      />
    </div>
  );
}
