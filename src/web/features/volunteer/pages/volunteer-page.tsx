// /volunteer: open shifts by date with places left and one-click sign-up; My shifts (cancel,
// offer for a swap, and check-in for a date's house manager); for coordinators the shifts of each
// date, the positions and the hours ledger. The tab lives in the address (?tab=).
import { policy } from '@common/permissions';
import type { Shift } from '@common/schemas/volunteer';
import { formatDay } from '@common/format-date';
import { HOUSE_MANAGER } from '@common/volunteer';
import { todayIn } from '@common/zoned-time';
import { useLocation, useSearch } from 'wouter';
import { FetchError } from '@web/components/fetch-error';
import { Skeleton } from '@web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useAuth } from '@web/lib/session';
import { useShifts } from '../api/volunteer';
import { HoursLedgerView } from '../components/hours-ledger';
import { CheckInList, ManageShifts } from '../components/manage-shifts';
import { PositionsEditor } from '../components/positions-editor';
import { ShiftCard } from '../components/shift-card';
import { byDay, myState } from '../lib/shifts';

const TABS = ['open', 'mine', 'manage', 'hours', 'positions'] as const;
type Tab = (typeof TABS)[number];

export function VolunteerPage() {
  const { organization, actor } = useAuth();
  const orgId = organization?.id ?? 0;
  const timeZone = organization?.timezone ?? 'UTC';
  const coordinator = policy.manageVolunteers(actor);
  const [location, navigate] = useLocation();
  const asked = new URLSearchParams(useSearch()).get('tab') as Tab | null;
  const tab: Tab =
    asked && TABS.includes(asked) && (coordinator || asked === 'open' || asked === 'mine') ? asked : 'open';
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">Volunteer</h1>
        <p className="text-muted-foreground">Front of house and backstage help for every show.</p>
      </div>
      <Tabs value={tab} onValueChange={(v) => navigate(`${location}?tab=${v}`, { replace: true })}>
        <TabsList className="h-auto flex-wrap">
          <TabsTrigger value="open">Open shifts</TabsTrigger>
          <TabsTrigger value="mine">My shifts</TabsTrigger>
          {coordinator && <TabsTrigger value="manage">Manage shifts</TabsTrigger>}
          {coordinator && <TabsTrigger value="hours">Hours</TabsTrigger>}
          {coordinator && <TabsTrigger value="positions">Positions</TabsTrigger>}
        </TabsList>
        <TabsContent value="open" className="pt-4">
          <ShiftDays
            orgId={orgId}
            userId={actor.userId}
            open
            empty="No open shifts right now. Thank you for looking!"
          />
        </TabsContent>
        <TabsContent value="mine" className="pt-4">
          <ShiftDays orgId={orgId} userId={actor.userId} mine empty="You hold no coming shifts." />
        </TabsContent>
        {coordinator && (
          <>
            <TabsContent value="manage" className="pt-4">
              <ManageShifts orgId={orgId} timeZone={timeZone} userId={actor.userId} />
            </TabsContent>
            <TabsContent value="hours" className="pt-4">
              <HoursLedgerView orgId={orgId} today={todayIn(timeZone)} />
            </TabsContent>
            <TabsContent value="positions" className="pt-4">
              <PositionsEditor orgId={orgId} />
            </TabsContent>
          </>
        )}
      </Tabs>
    </div>
  );
}

/** Shifts from today on, by day: the open ones, or those the member holds. */
function ShiftDays({
  orgId,
  userId,
  open = false,
  mine = false,
  empty,
}: {
  orgId: number;
  userId: number | undefined;
  open?: boolean;
  mine?: boolean;
  empty: string;
}) {
  const shifts = useShifts(orgId, { open });
  if (shifts.isError)
    return (
      <FetchError title="Failed to fetch shifts" error={shifts.error} onRetry={() => shifts.refetch()} />
    );
  if (!shifts.data) return <Skeleton className="h-48 w-full" />;
  const all = shifts.data;
  const shown = mine ? all.filter((s) => myState(s, userId) !== 'none') : all;
  if (shown.length === 0) return <p className="text-muted-foreground">{empty}</p>;
  return (
    <div className="space-y-6">
      {byDay(shown).map(([day, list]) => (
        <section key={day} aria-label={formatDay(day, 'weekday')} className="space-y-3">
          <h2 className="text-lg font-semibold">{formatDay(day, 'weekday')}</h2>
          <ul className="space-y-3">
            {list.map((s) => (
              <ShiftCard key={s.id} orgId={orgId} shift={s} userId={userId}>
                {mine && <HouseManagerCheckIn orgId={orgId} shift={s} all={all} userId={userId} />}
              </ShiftCard>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** The date's house manager checks in the date's other volunteers once their shifts started. */
function HouseManagerCheckIn({
  orgId,
  shift,
  all,
  userId,
}: {
  orgId: number;
  shift: Shift;
  all: Shift[];
  userId: number | undefined;
}) {
  if (shift.positionName.toLowerCase() !== HOUSE_MANAGER.toLowerCase() || myState(shift, userId) === 'none')
    return null;
  const started = all.filter(
    (s) =>
      s.eventId === shift.eventId && Date.parse(s.startDateTime) <= Date.now() && s.volunteers.length > 0,
  );
  if (started.length === 0) return null;
  return (
    <div className="w-full space-y-3">
      {started.map((s) => (
        <div key={s.id}>
          <p className="text-sm font-medium">Check in: {s.positionName}</p>
          <CheckInList orgId={orgId} shift={s} />
        </div>
      ))}
    </div>
  );
}
