import type { LucideIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';

interface StatCardProps {
  title: string;
  icon: LucideIcon;
  value: React.ReactNode;
  hint?: string;
  loading?: boolean;
  error?: boolean;
}

export function StatCard({ title, icon: Icon, value, hint, loading, error }: StatCardProps) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between space-y-0 pb-2">
        <CardTitle as="h2" className="text-sm font-medium">
          {title}
        </CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
      </CardHeader>
      <CardContent>
        {loading ? (
          <Skeleton className="h-8 w-20" />
        ) : (
          <p className="break-words text-2xl font-bold">{error ? '—' : value}</p>
        )}
        {error ? (
          <p className="text-xs text-destructive">Could not load this figure</p>
        ) : (
          hint && <p className="text-xs text-muted-foreground">{hint}</p>
        )}
      </CardContent>
    </Card>
  );
}
