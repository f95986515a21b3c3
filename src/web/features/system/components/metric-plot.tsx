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
import type { WeekPoint } from '@common/schemas/system';
import { weekLabel } from '../lib/week-label';

interface MetricPlotProps {
  title: string;
  points: WeekPoint[];
  kind: 'line' | 'bar';
}

/** The chart of one figure over the weeks (MetricChart's figure; its table carries the numbers). */
export function MetricPlot({ title, points, kind }: MetricPlotProps) {
  const axis = (
    <>
      <CartesianGrid strokeDasharray="3 3" className="stroke-muted" />
      <XAxis dataKey="week" tickFormatter={weekLabel} fontSize={12} />
      <YAxis allowDecimals={false} fontSize={12} width={40} />
      <Tooltip labelFormatter={(w) => `Week of ${weekLabel(String(w))}`} />
    </>
  );
  return (
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
  );
}
