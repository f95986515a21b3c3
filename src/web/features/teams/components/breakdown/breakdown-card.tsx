// The team's breakdown: the French-scene grid (scenes down, characters across, a tick where a
// character is in a scene), editable by keyboard for the team's managers, and per-actor totals.
// docs/product.md#the-breakdown
import { type Breakdown, type Character, formatEighths, type Scene } from '@common/schemas/breakdown';
import type { TeamDetail } from '@common/schemas/teams';
import { displayName } from '@common/teams';
import { Plus, Printer } from 'lucide-react';
import { useState } from 'react';
import { ScrollRegion } from '@web/components/scroll-region';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Checkbox } from '@web/components/ui/checkbox';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/hooks/use-toast';
import { errorMessage } from '@web/lib/api';
import { printPart } from '@web/lib/print-part';
import { useBreakdown, useUpdateScene } from '../../api/breakdown';
import { actorTotals } from '../../lib/breakdown-totals';
import { CharacterDialog } from './character-dialog';
import { SceneDialog } from './scene-dialog';

type Editing = { kind: 'character'; item: Character | null } | { kind: 'scene'; item: Scene | null } | null;

export function BreakdownCard({ team, canManage }: { team: TeamDetail; canManage: boolean }) {
  const breakdown = useBreakdown(team.id);
  const [editing, setEditing] = useState<Editing>(null);
  const data = breakdown.data;
  return (
    <Card id="breakdown" data-testid="breakdown">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="space-y-1.5">
          <CardTitle as="h2">Breakdown</CardTitle>
          <CardDescription>Who is in each scene. Rehearsals can be booked by scene.</CardDescription>
        </div>
        <div className="flex flex-wrap gap-2 print:hidden">
          {canManage && (
            <>
              <Button
                variant="outline"
                size="sm"
                onClick={() => setEditing({ kind: 'character', item: null })}
              >
                <Plus aria-hidden="true" />
                Add Character
              </Button>
              <Button variant="outline" size="sm" onClick={() => setEditing({ kind: 'scene', item: null })}>
                <Plus aria-hidden="true" />
                Add Scene
              </Button>
            </>
          )}
          <Button variant="ghost" size="sm" onClick={printBreakdown} disabled={!data}>
            <Printer aria-hidden="true" />
            Print
          </Button>
        </div>
      </CardHeader>
      <CardContent className="space-y-6">
        {breakdown.isLoading ? (
          <Spinner label="Loading breakdown" />
        ) : breakdown.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(breakdown.error, 'The breakdown could not be loaded.')}
          </p>
        ) : data && data.scenes.length + data.characters.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No characters or scenes yet.
            {canManage ? ' Add the characters first, then the scenes they are in.' : ''}
          </p>
        ) : data ? (
          <>
            <SceneGrid team={team} breakdown={data} canManage={canManage} onEdit={setEditing} />
            <Totals team={team} breakdown={data} />
          </>
        ) : null}
      </CardContent>
      {canManage && data && (
        <>
          <CharacterDialog
            team={team}
            character={editing?.kind === 'character' ? editing.item : null}
            open={editing?.kind === 'character'}
            onOpenChange={(open) => !open && setEditing(null)}
          />
          <SceneDialog
            teamId={team.id}
            breakdown={data}
            scene={editing?.kind === 'scene' ? editing.item : null}
            open={editing?.kind === 'scene'}
            onOpenChange={(open) => !open && setEditing(null)}
          />
        </>
      )}
    </Card>
  );
}

function printBreakdown() {
  const card = document.getElementById('breakdown');
  card?.setAttribute('data-print-part', '');
  printPart();
  card?.removeAttribute('data-print-part');
}

/** Arrow keys move between the grid's boxes, as in a spreadsheet; Space ticks. */
function moveInGrid(event: React.KeyboardEvent<HTMLTableElement>) {
  const moves: Record<string, [number, number]> = {
    ArrowUp: [-1, 0],
    ArrowDown: [1, 0],
    ArrowLeft: [0, -1],
    ArrowRight: [0, 1],
  };
  const move = moves[event.key];
  const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-cell]');
  if (!move || !cell) return;
  const [row, col] = (cell.dataset.cell ?? '').split(',').map(Number);
  const next = event.currentTarget.querySelector<HTMLElement>(
    `[data-cell="${row + move[0]},${col + move[1]}"] button, [data-cell="${row + move[0]},${col + move[1]}"] [role="checkbox"]`,
  );
  if (!next) return;
  event.preventDefault();
  next.focus();
}

function SceneGrid({
  team,
  breakdown,
  canManage,
  onEdit,
}: {
  team: TeamDetail;
  breakdown: Breakdown;
  canManage: boolean;
  onEdit: (editing: Editing) => void;
}) {
  const update = useUpdateScene(team.id);
  const toggle = (scene: Scene, characterId: number, on: boolean) => {
    const characterIds = on
      ? [...scene.characterIds, characterId]
      : scene.characterIds.filter((id) => id !== characterId);
    update.mutate(
      { id: scene.id, characterIds },
      {
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Failed to update scene',
            description: errorMessage(error, ''),
          }),
      },
    );
  };
  const { characters, scenes } = breakdown;
  return (
    <ScrollRegion label="French-scene grid, scrolls sideways" className="print:overflow-visible">
      <table
        className="w-full border-collapse text-sm print:text-[9pt]"
        aria-label="French-scene grid"
        onKeyDown={moveInGrid}
      >
        <thead>
          <tr className="border-b">
            <th scope="col" className="p-2 text-left font-medium">
              Scene
            </th>
            <th scope="col" className="p-2 text-left font-medium">
              Act
            </th>
            <th scope="col" className="p-2 text-right font-medium">
              Pages
            </th>
            {characters.map((c, col) => (
              <th key={c.id} scope="col" className="p-1 align-bottom font-medium" data-cell={`0,${col + 3}`}>
                {canManage ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="h-auto px-1 py-0.5 [overflow-wrap:anywhere] whitespace-normal"
                    onClick={() => onEdit({ kind: 'character', item: c })}
                    aria-label={`Edit character ${c.name}`}
                  >
                    {c.name}
                  </Button>
                ) : (
                  c.name
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {scenes.map((s, index) => {
            const row = index + 1;
            return (
              <tr key={s.id} className="border-b last:border-0">
                <th scope="row" className="p-1 text-left font-normal" data-cell={`${row},0`}>
                  {canManage ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      className="h-auto px-1 py-0.5 text-left [overflow-wrap:anywhere] whitespace-normal"
                      onClick={() => onEdit({ kind: 'scene', item: s })}
                      aria-label={`Edit scene ${s.name}`}
                    >
                      {s.name}
                    </Button>
                  ) : (
                    s.name
                  )}
                </th>
                <td className="p-2 text-muted-foreground print:text-black">{s.act ?? ''}</td>
                <td className="p-2 text-right tabular-nums">{formatEighths(s.pages)}</td>
                {characters.map((c, col) => {
                  const inScene = s.characterIds.includes(c.id);
                  return (
                    <td key={c.id} className="p-2 text-center" data-cell={`${row},${col + 3}`}>
                      {canManage ? (
                        <Checkbox
                          checked={inScene}
                          aria-label={`${c.name} in ${s.name}`}
                          onCheckedChange={(on) => toggle(s, c.id, on === true)}
                        />
                      ) : inScene ? (
                        <span role="img" aria-label={`${c.name} in ${s.name}`}>
                          ●
                        </span>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function Totals({ team, breakdown }: { team: TeamDetail; breakdown: Breakdown }) {
  const names = new Map(team.members.map((m) => [m.userId, displayName(m.user)]));
  const totals = actorTotals(breakdown)
    .map((t) => ({ ...t, name: names.get(t.userId) ?? 'Not in this team' }))
    .sort((a, b) => a.name.localeCompare(b.name));
  if (totals.length === 0) return null;
  return (
    <table className="w-full border-collapse text-sm print:text-[9pt]" aria-label="Totals per actor">
      <thead>
        <tr className="border-b">
          <th scope="col" className="p-2 text-left font-medium">
            Actor
          </th>
          <th scope="col" className="p-2 text-left font-medium">
            Characters
          </th>
          <th scope="col" className="p-2 text-right font-medium">
            Scenes
          </th>
          <th scope="col" className="p-2 text-right font-medium">
            Pages
          </th>
        </tr>
      </thead>
      <tbody>
        {totals.map((t) => (
          <tr key={t.userId} className="border-b last:border-0">
            <th scope="row" className="p-2 text-left font-normal">
              {t.name}
            </th>
            <td className="p-2">{t.characters.join(', ')}</td>
            <td className="p-2 text-right tabular-nums">{t.scenes}</td>
            <td className="p-2 text-right tabular-nums">{formatEighths(t.eighths) || '0'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
