import { eventTypeLabel } from '@common/glossary';
import { policy } from '@common/permissions';
import { type RecurringPattern, summarizeRule } from '@common/recurrence';
import { describeWholeSeries, type WholeSeries } from '@common/whole-series';
import {
  CalendarDays,
  Clapperboard,
  Clock,
  ExternalLink,
  MapPin,
  Repeat,
  Tag,
  User,
  Users,
} from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { toast } from '@web/hooks/use-toast';
import { errorMessage } from '@web/lib/api';
import { useAuth } from '@web/lib/session';
import { useDeleteEvent, useEventDetail, useFollowEvent } from '../api/events';
import type { CalendarEvent, Strategy } from '@common/schemas/calendar';
import { formatEventDate, formatTimeRange } from '../lib/dates';
import { CallsPanel } from '@web/features/scheduling/components/calls/calls-panel';

/**
 * The pattern in full: 'Repeats weekly on Tuesday and Thursday, until June 12, 2027', for the whole
 * series once the event's own read says it (a split series: its parts and where it changed).
 */
function repeatText(event: CalendarEvent, whole: WholeSeries | null | undefined): string {
  if (whole) return describeWholeSeries(whole);
  if (!event.recurringPattern) return '';
  return summarizeRule({
    start: event.startDateTime.slice(0, 16),
    pattern: event.recurringPattern as RecurringPattern,
    interval: event.recurringInterval,
    weeklyDays: (event.recurringWeeklyDays ?? []).map(Number),
    monthlyWeek: event.recurringMonthlyWeek,
    monthlyWeekday: event.recurringMonthlyWeekday,
    endType: event.recurringEndType ?? 'never',
    endDate: event.recurringEnd,
    endCount: event.recurringEndCount,
  });
}

const personName = (p: CalendarEvent['reservedBy']) =>
  `${[p.firstName, p.lastName].filter(Boolean).join(' ') || p.username} (@${p.username})`;

/** The event dialog: details, follow, edit and delete. */
export function EventDetailDialog({
  orgId,
  event,
  onClose,
  onEdit,
}: {
  orgId: number;
  event: CalendarEvent | null;
  onClose: () => void;
  onEdit?: (event: CalendarEvent) => void;
}) {
  const { actor } = useAuth();
  const follow = useFollowEvent(orgId);
  const [unfollowOpen, setUnfollowOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [following, setFollowing] = useState<boolean | null>(null);
  // The event's own view adds the whole series and the scenes it works, with their people.
  const detail = useEventDetail(orgId, event?.id);
  if (!event) return null;
  const scenes = detail.data?.id === event.id ? (detail.data.scenes ?? []) : [];
  const isFollowing = following ?? event.isFollowing;
  const mayEdit = policy.editEvent(actor, event.reservedBy.id);
  const mayDelete = policy.deleteEvent(actor, event.reservedBy.id);
  const repeat = event.isRecurring ? repeatText(event, detail.data?.wholeSeries) : '';

  const toggleFollow = () => {
    if (isFollowing) {
      if (event.isRecurring) setUnfollowOpen(true);
      else unfollow('this', true);
      return;
    }
    follow.mutate(
      { id: event.id, follow: true, strategy: 'this' },
      {
        onSuccess: () => {
          setFollowing(true);
          toast({ title: 'Following event', description: `You are now following "${event.name}"` });
        },
        // A failed follow is only logged.
        onError: (error) => console.error('follow failed', error),
      },
    );
  };

  // The plain toggle (a one-off event) answers as the follow toggle does; the
  // Unfollow Options dialog with its counts.
  const unfollow = (strategy: Strategy, toggled = false) => {
    follow.mutate(
      { id: event.id, follow: false, strategy },
      {
        onSuccess: (result) => {
          setFollowing(false);
          setUnfollowOpen(false);
          if (toggled) {
            toast({ title: 'Unfollowed event', description: `You are no longer following "${event.name}"` });
            return;
          }
          const n = result.unfollowedCount ?? 0;
          const description =
            strategy === 'series'
              ? `Unfollowed entire series (${n} events)`
              : strategy === 'future'
                ? `Unfollowed ${n} future events`
                : 'Unfollowed this event';
          toast({ title: 'Successfully unfollowed', description });
        },
        onError: () =>
          toast({
            title: 'Error',
            description: 'Failed to unfollow event. Please try again.',
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <>
      <Dialog open={!unfollowOpen && !deleteOpen} onOpenChange={(open) => !open && onClose()}>
        <DialogContent className="max-w-lg" data-testid="event-dialog">
          <DialogHeader>
            <div className="flex items-center gap-2">
              <Badge variant="secondary">{eventTypeLabel(event.eventType)}</Badge>
              {event.conflictOverride && <Badge variant="warning">Booked over a conflict</Badge>}
              {event.isPublic === false && <Badge variant="outline">Not on the public calendar</Badge>}
            </div>
            <DialogTitle>{event.name}</DialogTitle>
            <DialogDescription>{event.description || 'No description'}</DialogDescription>
          </DialogHeader>
          <dl className="space-y-2 text-sm">
            <Row icon={CalendarDays} label="Date">
              {formatEventDate(event.startDateTime)}
            </Row>
            <Row icon={Clock} label="Time">
              {formatTimeRange(event.startDateTime, event.endDateTime)}
            </Row>
            <Row icon={MapPin} label="Location">
              {event.spaces.length ? event.spaces.join(', ') : 'TBD'}
            </Row>
            <Row icon={Tag} label="Type">
              {eventTypeLabel(event.eventType)}
            </Row>
            <Row icon={User} label="Reserved by">
              {personName(event.reservedBy)}
            </Row>
            {event.instructor && (
              <Row icon={User} label="Instructor">
                {personName(event.instructor)}
              </Row>
            )}
            {event.teams.length > 0 && (
              <Row icon={Users} label="Teams">
                {event.teams.map((t) => t.name).join(', ')}
              </Row>
            )}
            {scenes.length > 0 && (
              <Row icon={Clapperboard} label="Scenes">
                <ul className="space-y-1" data-testid="event-scenes">
                  {scenes.map((s) => (
                    <li key={s.id}>
                      <span className="font-medium">{s.name}</span>
                      {s.people.length > 0 && (
                        <span className="text-muted-foreground">
                          {': '}
                          {s.people.map((p) => `${p.name} (${p.characters.join(', ')})`).join('; ')}
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              </Row>
            )}
            {repeat && (
              <Row icon={Repeat} label="Repeats">
                {repeat}
              </Row>
            )}
            {event.eventUrl && (
              <Row icon={ExternalLink} label="Link">
                <a
                  href={event.eventUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-primary-text underline"
                >
                  {event.eventUrl}
                </a>
              </Row>
            )}
          </dl>
          {(event.eventType === 'rehearsal' || event.eventType === 'show') && (
            <Link
              href={`/calendar/events/${event.id}/report`}
              className="text-sm text-primary-text underline"
            >
              Rehearsal report
            </Link>
          )}
          <CallsPanel
            orgId={orgId}
            event={detail.data?.id === event.id ? { ...event, ...detail.data } : event}
          />
          <DialogFooter className="gap-2 sm:justify-between">
            <Button
              variant={isFollowing ? 'secondary' : 'default'}
              onClick={toggleFollow}
              disabled={follow.isPending}
            >
              {isFollowing ? 'Following Event' : 'Follow Event'}
            </Button>
            {(mayEdit || mayDelete) && (
              <div className="flex gap-2">
                {mayEdit && onEdit && (
                  <Button variant="outline" onClick={() => onEdit(event)}>
                    Edit
                  </Button>
                )}
                {mayDelete && (
                  <Button variant="destructive" onClick={() => setDeleteOpen(true)}>
                    Delete
                  </Button>
                )}
              </div>
            )}
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <ChoiceDialog
        open={unfollowOpen}
        title="Unfollow Options"
        description={`"${event.name}" repeats. Stop following just this date, or every date?`}
        choices={[
          ['this', 'This Event Date Only'],
          ['series', 'All Dates for this Event'],
        ]}
        pending={follow.isPending}
        onChoose={unfollow}
        onCancel={() => setUnfollowOpen(false)}
      />
      <DeleteEventDialog
        orgId={orgId}
        event={event}
        open={deleteOpen}
        onCancel={() => setDeleteOpen(false)}
        onDeleted={() => {
          setDeleteOpen(false);
          onClose();
        }}
      />
    </>
  );
}

function Row({
  icon: Icon,
  label,
  children,
}: {
  icon: typeof Clock;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex gap-3">
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <dt className="sr-only">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function ChoiceDialog({
  open,
  title,
  description,
  choices,
  pending,
  destructive,
  onChoose,
  onCancel,
}: {
  open: boolean;
  title: string;
  description: string;
  choices: [Strategy, string][];
  pending: boolean;
  destructive?: boolean;
  onChoose: (strategy: Strategy) => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onCancel()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-2">
          {choices.map(([strategy, label]) => (
            <Button
              key={strategy}
              variant={destructive ? 'destructive' : 'outline'}
              disabled={pending}
              onClick={() => onChoose(strategy)}
            >
              {label}
            </Button>
          ))}
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Delete Event: one date, the following dates, or the whole series. */
export function DeleteEventDialog({
  orgId,
  event,
  open,
  onCancel,
  onDeleted,
}: {
  orgId: number;
  event: CalendarEvent;
  open: boolean;
  onCancel: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteEvent(orgId);
  const run = (strategy: Strategy) =>
    remove.mutate(
      { id: event.id, strategy },
      {
        onSuccess: ({ deletedCount }) => {
          toast({
            title: 'Event deleted',
            description:
              strategy === 'this'
                ? 'Event deleted successfully'
                : `Event series deleted (${deletedCount} events removed)`,
          });
          onDeleted();
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description: errorMessage(error, 'Failed to delete event. Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  return (
    <ChoiceDialog
      open={open}
      title="Delete Event"
      description={
        event.isRecurring
          ? `"${event.name}" repeats. Which dates should be deleted? This action cannot be undone.`
          : `Delete "${event.name}"? This action cannot be undone.`
      }
      choices={
        event.isRecurring
          ? [
              ['this', 'This Event Date Only'],
              ['future', 'This and Following Dates'],
              ['series', 'All Dates for this Event'],
            ]
          : [['this', 'Delete Event']]
      }
      destructive
      pending={remove.isPending}
      onChoose={run}
      onCancel={onCancel}
    />
  );
}
