// The dashboard's volunteering cards: "Shifts needing people" (the coming fortnight's shifts with
// places to fill) for coordinators, and "Your next shift" for every member.
import { policy } from '@common/permissions';
import { addDays, todayIn } from '@common/zoned-time';
import { HandHeart } from 'lucide-react';
import { Link } from 'wouter';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatDayTime } from '@web/lib/format';
import { useAuth } from '@web/lib/session';
import { useShifts } from '../api/volunteer';
import { placesLeft } from '../lib/shifts';

const NEEDING_DAYS = 14;
const LISTED = 5;

export function DashboardShiftCards({ orgId }: { orgId: number }) {
  const { actor, organization } = useAuth();
  const today = todayIn(organization?.timezone ?? 'UTC');
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {!actor.isSystemUser && <NextShiftCard orgId={orgId} userId={actor.userId} />}
      {policy.manageVolunteers(actor) && (
        <NeedingPeopleCard orgId={orgId} to={addDays(today, NEEDING_DAYS)} />
      )}
    </div>
  );
}

function ShiftCardFrame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle as="h2" className="flex items-center gap-2 text-lg">
          <HandHeart aria-hidden="true" className="size-5" /> {title}
        </CardTitle>
        <Link className="text-sm text-primary-text underline" href="/volunteer">
          Volunteer
        </Link>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function NextShiftCard({ orgId, userId }: { orgId: number; userId: number | undefined }) {
  const shifts = useShifts(orgId, {});
  const now = Date.now();
  const next = (shifts.data ?? []).find(
    (s) => Date.parse(s.endDateTime) > now && s.volunteers.some((v) => v.userId === userId),
  );
  return (
    <ShiftCardFrame title="Your next shift">
      {shifts.isLoading ? (
        <Skeleton className="h-12 w-full" />
      ) : shifts.isError ? (
        <p className="text-sm text-destructive">Error loading your shifts</p>
      ) : next ? (
        <p className="text-sm">
          <span className="font-medium">{next.positionName}</span> · {next.eventName}
          <br />
          {formatDayTime(next.startDateTime)}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">No shift coming up.</p>
      )}
    </ShiftCardFrame>
  );
}

function NeedingPeopleCard({ orgId, to }: { orgId: number; to: string }) {
  const shifts = useShifts(orgId, { open: true, to });
  const open = shifts.data ?? [];
  const places = open.reduce((n, s) => n + placesLeft(s), 0);
  return (
    <ShiftCardFrame title="Shifts needing people">
      {shifts.isLoading ? (
        <Skeleton className="h-12 w-full" />
      ) : shifts.isError ? (
        <p className="text-sm text-destructive">Error loading shifts</p>
      ) : open.length === 0 ? (
        <p className="text-sm text-muted-foreground">Every shift of the next two weeks is filled.</p>
      ) : (
        <>
          <p className="text-sm">
            {places} {places === 1 ? 'place' : 'places'} to fill on {open.length}{' '}
            {open.length === 1 ? 'shift' : 'shifts'}
          </p>
          <ul className="mt-2 space-y-1 text-sm" aria-label="Shifts needing people">
            {open.slice(0, LISTED).map((s) => (
              <li key={s.id}>
                {formatDayTime(s.startDateTime)} · {s.positionName} · {s.eventName} ({placesLeft(s)} left)
              </li>
            ))}
          </ul>
        </>
      )}
    </ShiftCardFrame>
  );
}
