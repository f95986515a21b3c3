import { lazy, Suspense } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import type { WeekPoint } from '@common/schemas/system';
import { weekLabel } from '../lib/week-label';

// The chart library (recharts, about 108 KB) loads just after the page paints; the table of the
// same figures beside it shows at once, and a loading skeleton holds the chart's place meanwhile.
// The analytics page starts that download while its figures are still being fetched.
export const preloadMetricPlot = () => import('./metric-plot');
const MetricPlot = lazy(async () => ({ default: (await preloadMetricPlot()).MetricPlot }));

interface MetricChartProps {
  id: string;
  title: string;
  description: string;
  points: WeekPoint[];
  /** Totals over time read best as a line; per-week counts as bars. */
  kind: 'line' | 'bar';
}

/** One figure over the weeks: the chart, and beside it the same numbers as a table. */
export function MetricChart({ id, title, description, points, kind }: MetricChartProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" id={`${id}-title`}>
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 lg:grid-cols-[1fr_14rem]">
        <figure
          aria-labelledby={`${id}-title`}
          className="h-64 min-w-0 text-primary-text"
          data-testid={`${id}-chart`}
        >
          <Suspense
            fallback={
              <div role="status" aria-label={`Loading the ${title} chart`} className="h-full">
                <Skeleton className="h-full" />
              </div>
            }
          >
            <MetricPlot title={title} kind={kind} points={points} />
          </Suspense>
        </figure>
        <section
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
          tabIndex={0}
          aria-label={`${title} by week`}
          className="max-h-64 overflow-y-auto rounded-md border focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <table className="w-full text-sm">
            <caption className="sr-only">{title} by week</caption>
            <thead className="sticky top-0 bg-muted">
              <tr>
                <th scope="col" className="px-2 py-1 text-left font-medium">
                  Week of
                </th>
                <th scope="col" className="px-2 py-1 text-right font-medium">
                  {title}
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.week} className="border-t">
                  <td className="px-2 py-1">{weekLabel(p.week)}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{p.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </CardContent>
    </Card>
  );
}
