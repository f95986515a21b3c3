import { ArrowRight } from 'lucide-react';
import { useSearch } from 'wouter';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { organizationHref } from '@web/lib/main-site';
import { loginPathFor, returnPath } from '@web/lib/return-to';
import { useAuth } from '@web/lib/session';
import { useOrganizations } from '../api/organizations';
import { LoadMore } from '../components/load-more';
import { SearchBox } from '../components/search-box';
import { useUrlState } from '../hooks/use-url-state';

/**
 * `/system/choose-organization?next=`: an organization's screens (directory, calendar, library)
 * live on its own address, where a system user signs in to work in it. Lists the approved ones,
 * each leading to the screen asked for there.
 */
export function ChooseOrganizationPage() {
  const [filters, setFilters] = useUrlState({ search: '' });
  const list = useOrganizations({ search: filters.search, status: 'approved' });
  const next = returnPath(useSearch());
  const here = useAuth().organization?.shortname;
  const pages = list.data?.pages ?? [];
  const organizations = pages.flatMap((p) => p.items);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Open an Organization</h1>
        <p className="text-muted-foreground">
          Directory, calendar and library belong to an organization. Choose one to sign in at its address.
        </p>
      </div>
      <SearchBox
        label="Search organizations"
        placeholder="Search by name, shortname or email..."
        value={filters.search}
        onSearch={(search) => setFilters({ search })}
      />
      {list.isLoading ? (
        <Skeleton className="h-40 w-full" aria-busy="true" />
      ) : list.isError && organizations.length === 0 ? (
        <Alert variant="destructive">
          <AlertDescription>Failed to fetch organizations</AlertDescription>
        </Alert>
      ) : organizations.length === 0 ? (
        <p className="text-muted-foreground">No approved organization matches.</p>
      ) : (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Approved Organizations</CardTitle>
            <CardDescription>You sign in again there: each address keeps its own session.</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="divide-y">
              {organizations.map((org) => (
                <li key={org.id}>
                  <a
                    className="flex items-center justify-between gap-4 py-3 hover:underline"
                    href={organizationHref(window.location, here, org.shortname, loginPathFor(next))}
                  >
                    <span>
                      <span className="font-medium">{org.name}</span>{' '}
                      <span className="text-sm text-muted-foreground">({org.shortname})</span>
                    </span>
                    <ArrowRight className="size-4" aria-hidden="true" />
                  </a>
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
          </CardContent>
        </Card>
      )}
    </div>
  );
}
