// The calendar's Availability tab: a member's periods of unavailability, and for a
// manager those of a person they manage (?person= in the address).
import type { AvailabilityPeriod } from '@common/schemas/scheduling';
import { addDays } from '@common/zoned-time';
import { CalendarCheck, Pencil, Plus, Repeat, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ConfirmDialog, type ConfirmRequest } from '@web/components/confirm-dialog';
import { FetchError } from '@web/components/fetch-error';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/hooks/use-toast';
import { errorMessage, isApiError } from '@web/lib/api';
import { useAuth } from '@web/lib/session';
import { useAvailability, useDeleteAvailability } from '../../api/availability';
import { useManagedPeople } from '../../api/people';
import { describePeriod } from '../../lib/availability';
import { ChoiceSelect } from '@web/components/ui/choice-select';
import { AvailabilityDialog } from './availability-dialog';

const ME = 'me';

export function AvailabilityTab({ orgId, today }: { orgId: number; today: string }) {
  const { actor } = useAuth();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const managed = useManagedPeople(orgId);
  const raw = Number(params.get('person'));
  const personId = Number.isInteger(raw) && raw > 0 && raw !== actor.userId ? raw : undefined;
  const person = managed.people.find((p) => p.id === personId);
  const periods = useAvailability(orgId, personId, today, addDays(today, 366));
  const remove = useDeleteAvailability(orgId);
  const [editing, setEditing] = useState<{ period: AvailabilityPeriod | null } | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const whose = personId === undefined ? 'your' : `${person?.name ?? 'this person'}'s`;

  const choosePerson = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === ME) next.delete('person');
    else next.set('person', value);
    const qs = next.toString();
    navigate(`${location}${qs ? `?${qs}` : ''}`);
  };

  const askDelete = (period: AvailabilityPeriod) =>
    setConfirm({
      title: 'Delete this unavailability?',
      description: describePeriod(period),
      confirmLabel: 'Delete',
      destructive: true,
      onConfirm: () =>
        remove.mutateAsync(period.id).then(
          () => toast({ title: 'Unavailability deleted' }),
          (error) =>
            toast({
              title: 'Failed to delete unavailability',
              description: errorMessage(error, 'Please try again.'),
              variant: 'destructive',
            }),
        ),
    });

  const list = periods.data ?? [];
  return (
    <section className="space-y-4" aria-labelledby="availability-heading">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h2 id="availability-heading" className="text-xl font-semibold">
            {personId === undefined ? 'My availability' : `Availability of ${person?.name ?? 'a member'}`}
          </h2>
          <p className="text-sm text-muted-foreground">
            Times {personId === undefined ? 'you cannot' : 'they cannot'} be called. Whoever books a rehearsal
            sees the conflict before saving.
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          {managed.people.length > 0 && (
            <div className="w-56 max-w-full space-y-1">
              <label htmlFor="availability-person" className="text-sm font-medium">
                Person
              </label>
              <ChoiceSelect
                id="availability-person"
                value={personId === undefined ? ME : String(personId)}
                onChange={choosePerson}
                choices={[
                  [ME, 'Me'],
                  ...managed.people.map((p): [string, string] => [
                    String(p.id),
                    `${p.name} (@${p.username})`,
                  ]),
                ]}
              />
            </div>
          )}
          <Button onClick={() => setEditing({ period: null })}>
            <Plus aria-hidden="true" /> Add Unavailability
          </Button>
        </div>
      </div>
      {periods.isError ? (
        <FetchError
          title={
            isApiError(periods.error, 403)
              ? 'You may see the availability only of people you manage'
              : 'Failed to fetch availability'
          }
          error={periods.error}
          onRetry={() => periods.refetch()}
        />
      ) : periods.isLoading ? (
        <Skeleton className="h-40 w-full" />
      ) : list.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-10 text-center text-muted-foreground">
          <CalendarCheck aria-hidden="true" className="size-8" />
          <p>No unavailability entered: {whose} calendar is open.</p>
        </div>
      ) : (
        <ul className="divide-y rounded-lg border" aria-label={`Unavailability (${list.length})`}>
          {list.map((period) => {
            const text = describePeriod(period);
            return (
              <li key={period.id} className="flex flex-wrap items-center gap-3 px-3 py-2">
                <div className="min-w-0 flex-1 basis-48">
                  <p className="break-words font-medium">
                    {period.weeklyUntil && (
                      <Badge variant="secondary" className="mr-2">
                        <Repeat aria-hidden="true" className="mr-1 size-3" /> Weekly
                      </Badge>
                    )}
                    {text}
                  </p>
                  {period.note && <p className="break-words text-sm text-muted-foreground">{period.note}</p>}
                </div>
                <div className="flex gap-1">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Edit ${text}`}
                    onClick={() => setEditing({ period })}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Delete ${text}`}
                    onClick={() => askDelete(period)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <AvailabilityDialog
        orgId={orgId}
        open={editing !== null}
        period={editing?.period ?? null}
        userId={personId}
        today={today}
        onOpenChange={(open) => !open && setEditing(null)}
      />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </section>
  );
}
