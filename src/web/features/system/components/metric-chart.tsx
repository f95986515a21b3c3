import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatDate } from '@web/lib/format';
import type { WeekPoint } from '../api/insight';

interface MetricChartProps {
  id: string;
  title: string;
  description: string;
  points: WeekPoint[];
  /** Totals over time read best as a line; per-week counts as bars. */
  kind: 'line' | 'bar';
}

const weekLabel = (week: string) => formatDate(`${week}T12:00:00`);

/** One figure over the weeks: the chart, and beside it the same numbers as a table. */
export function MetricChart({ id, title, description, points, kind }: MetricChartProps) {
  const axis = (
    <>
      <CartesianGrid strokeDasharray="3 3" className="stroke-muted" />
      <XAxis dataKey="week" tickFormatter={weekLabel} fontSize={12} />
      <YAxis allowDecimals={false} fontSize={12} width={40} />
      <Tooltip labelFormatter={(w) => `Week of ${weekLabel(String(w))}`} />
    </>
  );
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
          className="h-64 min-w-0 text-primary"
          data-testid={`${id}-chart`}
        >
          <ResponsiveContainer width="100%" height="100%">
            {kind === 'line' ? (
              <LineChart data={points}>
                {axis}
                <Line type="monotone" dataKey="value" name={title} stroke="currentColor" strokeWidth={2} />
              </LineChart>
            ) : (
              <BarChart data={points}>
                {axis}
                <Bar dataKey="value" name={title} fill="currentColor" />
              </BarChart>
            )}
          </ResponsiveContainer>
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
