// The calendar's part of Organization Settings: which event types the public calendar shows by
// default, and what a new time zone does to the events already booked.
import { eventTypePlural } from '@common/glossary';
import type { OrganizationSettingsInput } from '@common/schemas/admin';
import { EVENT_TYPES } from '@common/calendar';
import { instantToWallTime, todayIn, wallTimeToInstant } from '@common/zoned-time';
import { Info } from 'lucide-react';
import { type Control, Controller } from 'react-hook-form';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';

export function PublicEventTypesCard({ control }: { control: Control<OrganizationSettingsInput> }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Public Calendar</CardTitle>
        <CardDescription id="org-public-types-description">
          Event types shown on the public calendar unless an event says otherwise. Each event has its own
          "Show on the public calendar" switch, which starts as chosen here.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Controller
          control={control}
          name="publicEventTypes"
          render={({ field }) => {
            const value = field.value ?? [...EVENT_TYPES];
            return (
              <fieldset className="flex flex-wrap gap-4" aria-describedby="org-public-types-description">
                <legend className="sr-only">Public by default</legend>
                {EVENT_TYPES.map((type) => (
                  <Label key={type} className="flex items-center gap-2 font-normal">
                    <Checkbox
                      checked={value.includes(type)}
                      onCheckedChange={(checked) =>
                        field.onChange(checked ? [...value, type] : value.filter((t) => t !== type))
                      }
                    />
                    {eventTypePlural(type)}
                  </Label>
                ))}
              </fieldset>
            );
          }}
        />
      </CardContent>
    </Card>
  );
}

const clock = (wall: string) => {
  const [h, m] = wall.slice(11, 16).split(':').map(Number);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};

/**
 * Said while a new zone is chosen: events are stored as moments in time, so they stay at the same
 * moment and show at the new zone's clock; a 7:00 PM example makes the difference concrete.
 */
export function TimeZoneChangeNote({ from, to }: { from: string; to: string }) {
  if (from === to) return null;
  const example = wallTimeToInstant(`${todayIn(from)}T19:00`, from);
  const there = clock(instantToWallTime(example, to));
  return (
    <Alert data-testid="time-zone-note">
      <Info aria-hidden="true" />
      <AlertTitle>What happens to existing events</AlertTitle>
      <AlertDescription>
        Events already booked keep their moment in time and are shown in the new time zone's clock: an event
        at 7:00 PM in {from} shows at {there} in {to}. Repeating events keep that moment for their later dates
        too. Edit the events that should stay at the same clock time.
      </AlertDescription>
    </Alert>
  );
}
