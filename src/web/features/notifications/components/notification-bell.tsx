import type { InboxItem } from '@common/schemas/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { useNoticeStream } from '@web/features/presence/presence-provider';
import { formatDayTime } from '@web/lib/format';
import { cn } from '@web/lib/utils';
import { INBOX_KEY, useInbox, useMarkRead } from '../api/inbox';

const when = formatDayTime;

function Item({ item, onOpen }: { item: InboxItem; onOpen: (item: InboxItem) => void }) {
  return (
    // A rule between notices and room inside each, so several read as separate notices.
    <DropdownMenuItem
      className="flex flex-col items-start gap-1 whitespace-normal rounded-none border-b border-border py-3 last:border-b-0"
      onSelect={() => onOpen(item)}
      data-testid="notice"
    >
      <span className={cn('flex items-center gap-2 text-sm', !item.read && 'font-semibold')}>
        {!item.read && <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-primary" />}
        {!item.read && <span className="sr-only">Unread: </span>}
        {item.title}
      </span>
      <span className="line-clamp-2 text-xs text-muted-foreground">{item.body}</span>
      <time dateTime={item.createdAt} className="text-xs text-muted-foreground">
        {when(item.createdAt)}
      </time>
    </DropdownMenuItem>
  );
}

/** The header's notification centre: unread count, fed live over /ws. */
export function NotificationBell() {
  const queryClient = useQueryClient();
  const inbox = useInbox(true);
  const markRead = useMarkRead();
  const [, navigate] = useLocation();
  // A new notice may be an announcement: the dashboard's list is refreshed with the bell.
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: INBOX_KEY });
    void queryClient.invalidateQueries({
      predicate: (q) => String(q.queryKey[0]).endsWith('/announcements'),
    });
  }, [queryClient]);
  useNoticeStream(refresh);
  const unread = inbox.data?.unreadCount ?? 0;
  const open = (item: InboxItem) => {
    if (!item.read) markRead.mutate([item.id]);
    navigate(item.link);
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        >
          <Bell aria-hidden="true" />
          {unread > 0 && (
            <span
              data-testid="unread-count"
              className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-destructive px-1 text-center text-xs font-semibold leading-5 text-destructive-foreground"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-h-[28rem] w-80 overflow-y-auto">
        <DropdownMenuLabel className="flex items-center justify-between">
          <span>Notifications</span>
          {unread > 0 && (
            <Button
              variant="link"
              size="sm"
              className="h-auto p-0"
              onClick={() => markRead.mutate(undefined)}
            >
              Mark all as read
            </Button>
          )}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {inbox.isPending ? (
          <p className="px-2 py-3 text-sm text-muted-foreground">Loading notifications…</p>
        ) : inbox.isError ? (
          <p className="px-2 py-3 text-sm text-destructive">Failed to load notifications</p>
        ) : inbox.data.items.length === 0 ? (
          <p className="px-2 py-3 text-sm text-muted-foreground">No notifications yet</p>
        ) : (
          inbox.data.items.map((item) => <Item key={item.id} item={item} onOpen={open} />)
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
