// The scenes a rehearsal works, from its teams' breakdowns. For the form's time, each scene says
// whether its whole cast is free ("what can we rehearse?"), the free ones first, so a stage
// manager picks a time and ticks what can be worked. docs/product.md#scheduling-by-scene
import { TEAM_EVENT_TYPES } from '@common/calendar';
import type { EventFormValues } from '@common/schemas/calendar';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';
import { isApiError } from '@web/lib/api';
import { useBreakdown, useRehearsable } from '../../../teams/api/breakdown';

export function ScenesField({ form }: { form: UseFormReturn<EventFormValues> }) {
  const [eventType, teamIds, startDate, startTime, endDate, endTime] = form.watch([
    'eventType',
    'teamIds',
    'startDate',
    'startTime',
    'endDate',
    'endTime',
  ]);
  if (!TEAM_EVENT_TYPES.includes(eventType) || teamIds.length === 0) return null;
  const start = startDate && startTime ? `${startDate}T${startTime}` : null;
  const end = endDate && endTime ? `${endDate}T${endTime}` : null;
  return (
    <Controller
      control={form.control}
      name="sceneIds"
      render={({ field }) => (
        <>
          {teamIds.map((teamId) => (
            <TeamScenes
              key={teamId}
              teamId={teamId}
              start={start}
              end={end}
              value={field.value}
              onChange={(next) => field.onChange(next)}
            />
          ))}
        </>
      )}
    />
  );
}

function TeamScenes({
  teamId,
  start,
  end,
  value,
  onChange,
}: {
  teamId: number;
  start: string | null;
  end: string | null;
  value: number[] | null;
  onChange: (next: number[]) => void;
}) {
  const breakdown = useBreakdown(teamId);
  const rehearsable = useRehearsable(breakdown.data?.scenes.length ? teamId : undefined, start, end);
  // Someone outside the team reads no breakdown: the event is then for the whole team.
  if (breakdown.isError && isApiError(breakdown.error, 403)) return null;
  const scenes = breakdown.data?.scenes ?? [];
  if (scenes.length === 0) return null;
  const answers = rehearsable.data?.scenes ?? [];
  const order = new Map(answers.map((a, i) => [a.sceneId, i]));
  const ranked = [...scenes].sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  const chosen = new Set(value ?? []);
  return (
    <fieldset className="space-y-2" data-testid="scene-picker">
      <legend className="text-sm font-medium">Scenes</legend>
      <p className="text-sm text-muted-foreground">
        Only the cast of the ticked scenes is checked and called. None ticked: the whole team.
        {rehearsable.isFetching && ' Checking who is free…'}
      </p>
      <ul className="max-h-48 space-y-1 overflow-y-auto rounded-md border p-2">
        {ranked.map((scene) => {
          const answer = answers.find((a) => a.sceneId === scene.id);
          return (
            <li key={scene.id}>
              <Label className="flex min-h-8 items-start gap-2 font-normal">
                <Checkbox
                  className="mt-0.5"
                  checked={chosen.has(scene.id)}
                  onCheckedChange={(on) =>
                    onChange(
                      on === true ? [...chosen, scene.id] : [...chosen].filter((id) => id !== scene.id),
                    )
                  }
                />
                <span className="min-w-0 [overflow-wrap:anywhere]">
                  {scene.name}
                  {answer && (
                    <span
                      className={
                        answer.allFree ? 'ml-2 text-xs font-medium' : 'ml-2 text-xs text-muted-foreground'
                      }
                    >
                      {answer.allFree
                        ? 'Everyone free'
                        : `Missing: ${answer.missing.map((m) => `${m.name} (${m.reason})`).join(', ')}`}
                    </span>
                  )}
                </span>
              </Label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
