import { Button } from '@web/components/ui/button';
import { formatNumber } from '@web/lib/format';

interface LoadMoreProps {
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
}

/** Under a system list: how much of it is shown, and the next page on demand. */
export function LoadMore({ shown, total, hasMore, loading, onMore }: LoadMoreProps) {
  return (
    <div className="flex flex-col items-center gap-2">
      <p className="text-sm text-muted-foreground">
        Showing {formatNumber(shown)} of {formatNumber(total)}
      </p>
      {hasMore && (
        <Button variant="outline" onClick={onMore} disabled={loading}>
          {loading ? 'Loading...' : 'Load more'}
        </Button>
      )}
    </div>
  );
}
