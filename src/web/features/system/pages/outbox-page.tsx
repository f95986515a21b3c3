import { Mail, Send } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatDateTime } from '@web/lib/format';
import type { OutboxMessage } from '@common/schemas/system';
import { useOutbox, useOutboxMessage, useResend } from '../api/insight';
import { LoadMore } from '../components/load-more';

function DeliveryBadge({ message }: { message: OutboxMessage }) {
  if (message.sentAt) return <Badge variant="success">Sent</Badge>;
  if (message.error) return <Badge variant="destructive">Failed</Badge>;
  return <Badge variant="secondary">In outbox</Badge>;
}

function MessageDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const message = useOutboxMessage(id);
  const resend = useResend();
  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{message.data?.subject ?? 'Message'}</DialogTitle>
          <DialogDescription>
            {message.data
              ? `To ${message.data.toAddress}, ${formatDateTime(message.data.createdAt)}`
              : 'Loading...'}
          </DialogDescription>
        </DialogHeader>
        {message.isError ? (
          <Alert variant="destructive">
            <AlertDescription>Failed to fetch message</AlertDescription>
          </Alert>
        ) : message.data ? (
          <>
            {message.data.error && (
              <Alert variant="destructive">
                <AlertTitle>Delivery failed</AlertTitle>
                <AlertDescription>{message.data.error}</AlertDescription>
              </Alert>
            )}
            <pre className="whitespace-pre-wrap break-words rounded-md bg-muted p-4 text-sm">
              {message.data.textBody}
            </pre>
            <Button
              onClick={() => id !== null && resend.mutate(id)}
              disabled={resend.isPending}
              className="justify-self-start"
            >
              <Send aria-hidden="true" />
              {resend.isPending ? 'Sending...' : 'Resend'}
            </Button>
          </>
        ) : (
          <Skeleton className="h-40" />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The mail outbox: what the product sent, or would have sent without SMTP. */
export function OutboxPage() {
  const outbox = useOutbox();
  const [open, setOpen] = useState<number | null>(null);
  const pages = outbox.data?.pages ?? [];
  const messages = pages.flatMap((p) => p.items);
  const total = pages[0]?.total ?? 0;

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Mail Outbox</h1>
        <p className="text-muted-foreground">
          Every message Greenroom sends. Without SMTP_URL they stay here: open one to read or resend it.
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Messages</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {outbox.isLoading ? (
            <Skeleton className="h-64" aria-busy="true" />
          ) : outbox.isError && messages.length === 0 ? (
            <Alert variant="destructive">
              <AlertDescription>Failed to fetch messages</AlertDescription>
            </Alert>
          ) : total === 0 ? (
            <div className="flex flex-col items-center gap-2 py-12 text-center text-muted-foreground">
              <Mail className="size-10" aria-hidden="true" />
              <p>No messages yet.</p>
            </div>
          ) : (
            <ul className="divide-y rounded-md border">
              {messages.map((m) => (
                <li key={m.id}>
                  <button
                    type="button"
                    onClick={() => setOpen(m.id)}
                    className="flex w-full flex-wrap items-center justify-between gap-2 px-4 py-3 text-left hover:bg-muted"
                  >
                    <span className="min-w-0">
                      <span className="block truncate font-medium">{m.subject}</span>
                      <span className="block truncate text-sm text-muted-foreground">
                        {m.toAddress} · {formatDateTime(m.createdAt)}
                      </span>
                    </span>
                    <DeliveryBadge message={m} />
                  </button>
                </li>
              ))}
            </ul>
          )}
          {total > 0 && (
            <LoadMore
              shown={messages.length}
              total={total}
              hasMore={outbox.hasNextPage}
              loading={outbox.isFetchingNextPage}
              onMore={() => outbox.fetchNextPage()}
            />
          )}
        </CardContent>
      </Card>
      <MessageDialog id={open} onClose={() => setOpen(null)} />
    </div>
  );
}
