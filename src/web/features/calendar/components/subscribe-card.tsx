import { CalendarPlus, Copy, Link2Off, RefreshCw } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/hooks/use-toast';
import { useFeed, useFeedMutation } from '../api/feed';

/** Subscribe to My Schedule in Google, Apple or Outlook calendars (beyond the spec). */
export function SubscribeCard({ orgId }: { orgId: number }) {
  const feed = useFeed(orgId);
  const mutate = useFeedMutation(orgId);
  const links = feed.data;
  const copy = async () => {
    if (!links?.url) return;
    await navigator.clipboard?.writeText(links.url).catch(() => undefined);
    toast({ title: 'Copied to clipboard!' });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <CalendarPlus aria-hidden="true" className="size-5" /> Subscribe
        </CardTitle>
        <CardDescription>
          See the events you follow in Google Calendar, Apple Calendar or Outlook. The address is private:
          anyone with it can read your schedule, so reset it if it is shared by mistake.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {links?.active && links.url ? (
          <>
            <div className="flex gap-2">
              <Input
                readOnly
                value={links.url}
                aria-label="Subscription address"
                data-testid="feed-url"
                onFocus={(e) => e.target.select()}
              />
              <Button variant="outline" onClick={() => void copy()} aria-label="Copy address">
                <Copy aria-hidden="true" /> Copy
              </Button>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button asChild>
                <a href={links.webcalUrl ?? links.url}>
                  <CalendarPlus aria-hidden="true" /> Open in calendar app
                </a>
              </Button>
              <Button variant="outline" disabled={mutate.isPending} onClick={() => mutate.mutate('create')}>
                <RefreshCw aria-hidden="true" /> Reset address
              </Button>
              <Button variant="ghost" disabled={mutate.isPending} onClick={() => mutate.mutate('revoke')}>
                <Link2Off aria-hidden="true" /> Turn off
              </Button>
            </div>
          </>
        ) : (
          <Button disabled={mutate.isPending || feed.isLoading} onClick={() => mutate.mutate('create')}>
            <CalendarPlus aria-hidden="true" /> Subscribe
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
