import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { type ReactNode, useEffect } from 'react';
import { LazyChoiceSelect } from '@web/components/lazy-choice-select';
import { Skeleton } from '@web/components/ui/skeleton';
import { ScrollRegion } from '@web/components/scroll-region';
import type { Analytics, SeriesName } from '@common/schemas/system';
import { useAnalytics } from '../api/insight';
import { LoadMore } from '../components/load-more';
import { MetricChart, preloadMetricPlot } from '../components/metric-chart';
import { SearchBox } from '../components/search-box';
import { useUrlState } from '../hooks/use-url-state';

const CHARTS: { name: SeriesName; title: string; description: string; kind: 'line' | 'bar' }[] = [
  {
    name: 'organizations',
    title: 'Organizations',
    description: 'Organizations on the platform at the end of each week.',
    kind: 'line',
  },
  { name: 'members', title: 'Members', description: 'Memberships at the end of each week.', kind: 'line' },
  { name: 'events', title: 'Events', description: 'Calendar events taking place in each week.', kind: 'bar' },
  {
    name: 'activeMembers',
    title: 'Active Members',
    description: 'Members who used Greenroom in each week.',
    kind: 'bar',
  },
];

const RANGES = ['4', '12', '26', '52'];
const RANGE_CHOICES = RANGES.map((w) => [w, `Last ${w} weeks`] as const);

type Figures = Analytics['organizations']['items'];

function OrganizationTable({ rows, children }: { rows: Figures; children?: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Per Organization</CardTitle>
      </CardHeader>
      <CardContent>
        <ScrollRegion label="Per organization figures">
          <table className="w-full text-sm">
            <thead className="bg-muted/50">
              <tr>
                {['Organization', 'Status', 'Members', 'Active (7 days)', 'Events in range'].map((h) => (
                  <th key={h} scope="col" className="px-3 py-2 text-left font-medium">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((o) => (
                <tr key={o.id} className="border-t">
                  <td className="px-3 py-2">
                    {o.name} <span className="text-muted-foreground">@{o.shortname}</span>
                  </td>
                  <td className="px-3 py-2 capitalize">{o.approvalStatus}</td>
                  <td className="px-3 py-2 tabular-nums">{o.members}</td>
                  <td className="px-3 py-2 tabular-nums">{o.activeMembers}</td>
                  <td className="px-3 py-2 tabular-nums">{o.events}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
        {children}
      </CardContent>
    </Card>
  );
}

/** `/system/analytics`: platform figures by week. */
export function AnalyticsPage() {
  const [state, setState] = useUrlState({ org: '', weeks: '12', search: '' });
  const weeks = RANGES.includes(state.weeks) ? Number(state.weeks) : 12;
  const data = useAnalytics(weeks, state.org, state.search);
  const first = data.data?.pages[0];
  const organizations = (data.data?.pages ?? []).flatMap((p) => p.organizations.items);
  // The chosen organization stays a choice whichever page of the table is loaded.
  const choices = [
    ...(first?.organization && !organizations.some((o) => o.id === first.organization?.id)
      ? [first.organization]
      : []),
    ...organizations,
  ];
  // The charts' code loads while the figures are fetched, not after.
  useEffect(() => void preloadMetricPlot().catch(() => undefined), []);

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Analytics</h1>
          <p className="text-muted-foreground">Organizations, members, events and activity over time.</p>
        </div>
        <div className="flex w-full flex-wrap gap-2 sm:w-auto">
          <LazyChoiceSelect
            value={state.org || 'all'}
            onChange={(org) => setState({ org: org === 'all' ? '' : org })}
            choices={[['all', 'All organizations'], ...choices.map((o) => [String(o.id), o.name] as const)]}
            label="Organization"
            className="w-full sm:w-56"
          />
          <LazyChoiceSelect
            value={String(weeks)}
            onChange={(w) => setState({ weeks: w })}
            choices={RANGE_CHOICES}
            label="Time range"
            className="w-full sm:w-44"
          />
        </div>
      </div>
      {data.isLoading ? (
        <div className="grid gap-6" aria-busy="true">
          <Skeleton className="h-72" />
          <Skeleton className="h-72" />
        </div>
      ) : data.isError || !first?.series ? (
        <Alert variant="destructive">
          <AlertTitle>Error</AlertTitle>
          <AlertDescription>Failed to fetch analytics</AlertDescription>
        </Alert>
      ) : (
        <>
          {CHARTS.map((c) => (
            <MetricChart
              key={c.name}
              id={`chart-${c.name}`}
              title={c.title}
              description={c.description}
              kind={c.kind}
              points={first.series?.[c.name] ?? []}
            />
          ))}
          <SearchBox
            label="Search organizations"
            placeholder="Search the table by name or shortname..."
            value={state.search}
            onSearch={(search) => setState({ search })}
          />
          {organizations.length === 0 ? (
            <p className="text-center text-muted-foreground">
              {state.search
                ? 'No organizations match your search.'
                : 'There are no organizations in the system yet.'}
            </p>
          ) : (
            <OrganizationTable rows={organizations}>
              <LoadMore
                shown={organizations.length}
                total={first.organizations.total}
                hasMore={data.hasNextPage}
                loading={data.isFetchingNextPage}
                onMore={() => data.fetchNextPage()}
              />
            </OrganizationTable>
          )}
        </>
      )}
    </div>
  );
}
