import { CalendarPlus, Copy, Link2Off, RefreshCw } from 'lucide-react';
import { useConfirm } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/hooks/use-toast';
import { errorMessage } from '@web/lib/api';
import { useFeed, useFeedMutation } from '../api/feed';

/** Subscribe to My Schedule in Google, Apple or Outlook calendars (beyond the spec). */
export function SubscribeCard({ orgId }: { orgId: number }) {
  const feed = useFeed(orgId);
  const mutate = useFeedMutation(orgId);
  const links = feed.data;
  const confirm = useConfirm();
  const run = (action: 'create' | 'revoke') =>
    mutate.mutateAsync(action).catch((error) =>
      toast({
        title: 'Something went wrong',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      }),
    );
  // Both cut off every calendar app already subscribed, so they ask first.
  const resetAddress = () =>
    confirm.ask({
      title: 'Reset the subscription address?',
      description:
        'The current address stops working at once. Calendar apps subscribed to it stop updating until you subscribe them to the new address.',
      confirmLabel: 'Reset address',
      destructive: true,
      onConfirm: () => run('create'),
    });
  const turnOff = () =>
    confirm.ask({
      title: 'Turn off your subscription?',
      description:
        'The address stops working and calendar apps subscribed to it stop updating. You can subscribe again later with a new address.',
      confirmLabel: 'Turn off',
      destructive: true,
      onConfirm: () => run('revoke'),
    });
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
                className="min-w-0"
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
              <Button variant="outline" disabled={mutate.isPending} onClick={resetAddress}>
                <RefreshCw aria-hidden="true" /> Reset address
              </Button>
              <Button variant="ghost" disabled={mutate.isPending} onClick={turnOff}>
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
      {confirm.dialog}
    </Card>
  );
}
