// The organization's positions for coordinators: rename, add, remove (a position shifts use
// stays), or start from the usual list.
import { DEFAULT_POSITIONS } from '@common/volunteer';
import { useEffect, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/hooks/use-toast';
import { errorMessage } from '@web/lib/api';
import { usePositions, useSavePositions } from '../api/volunteer';

interface Row {
  id?: number;
  name: string;
  inUse: boolean;
}

export function PositionsEditor({ orgId }: { orgId: number }) {
  const positions = usePositions(orgId);
  const save = useSavePositions(orgId);
  const [rows, setRows] = useState<Row[]>([]);
  useEffect(() => setRows(positions.data ?? []), [positions.data]);
  const submit = (next: Row[]) =>
    save.mutate(
      next.filter((r) => r.name.trim()).map((r) => ({ id: r.id, name: r.name })),
      {
        onSuccess: () => toast({ title: 'Positions saved' }),
        onError: (error) =>
          toast({
            title: 'Could not save the positions',
            description: errorMessage(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  return (
    <form
      className="max-w-xl space-y-3"
      aria-label="Positions"
      onSubmit={(e) => {
        e.preventDefault();
        submit(rows);
      }}
    >
      {rows.length === 0 && (
        <Button
          type="button"
          variant="secondary"
          onClick={() => submit(DEFAULT_POSITIONS.map((name) => ({ name, inUse: false })))}
        >
          Add the usual positions
        </Button>
      )}
      <ul className="space-y-2">
        {rows.map((r, i) => (
          <li key={r.id ?? `new-${i}`} className="flex gap-2">
            <Input
              aria-label={`Position ${i + 1}`}
              value={r.name}
              maxLength={80}
              onChange={(e) => setRows(rows.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))}
            />
            <Button
              type="button"
              variant="outline"
              disabled={r.inUse}
              title={r.inUse ? 'Shifts use this position' : undefined}
              onClick={() => setRows(rows.filter((_, j) => j !== i))}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() => setRows([...rows, { name: '', inUse: false }])}
        >
          Add position
        </Button>
        <Button type="submit" disabled={save.isPending}>
          Save positions
        </Button>
      </div>
    </form>
  );
}
