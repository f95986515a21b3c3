import { eventTypeLabel } from '@common/glossary';
import { EVENT_TYPES, SPACES } from '@common/calendar';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { cn } from '@web/lib/utils';
import {
  COLOR_CHOICES,
  DEFAULT_SPACE_COLORS,
  DEFAULT_TYPE_COLORS,
  readSpaceColors,
  readTypeColors,
  saveColors,
} from '../lib/colors';

/** Colour config (owner, admin): one of 8 colours per event type and per space. */
export function ColorConfigDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [types, setTypes] = useState(readTypeColors);
  const [spaces, setSpaces] = useState(readSpaceColors);
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Calendar Colors</DialogTitle>
          <DialogDescription>Colors are kept in this browser.</DialogDescription>
        </DialogHeader>
        <section className="space-y-3">
          <h3 className="text-sm font-semibold">Event types</h3>
          {EVENT_TYPES.map((type) => (
            <Palette
              key={type}
              label={eventTypeLabel(type)}
              selected={types[type].name}
              onPick={(name) => setTypes({ ...types, [type]: COLOR_CHOICES.find((c) => c.name === name)! })}
            />
          ))}
        </section>
        <section className="space-y-3">
          <h3 className="text-sm font-semibold">Spaces</h3>
          {SPACES.map((space) => (
            <Palette
              key={space}
              label={space}
              selected={COLOR_CHOICES.find((c) => c.background === spaces[space])?.name ?? ''}
              onPick={(name) =>
                setSpaces({ ...spaces, [space]: COLOR_CHOICES.find((c) => c.name === name)!.background })
              }
            />
          ))}
        </section>
        <DialogFooter className="gap-2">
          <Button
            variant="ghost"
            onClick={() => {
              setTypes(DEFAULT_TYPE_COLORS);
              setSpaces(DEFAULT_SPACE_COLORS);
            }}
          >
            Reset
          </Button>
          <Button
            onClick={() => {
              saveColors(types, spaces);
              onClose();
            }}
          >
            Save
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function Palette({
  label,
  selected,
  onPick,
}: {
  label: string;
  selected: string;
  onPick: (name: string) => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
      <span className="text-sm">{label}</span>
      {/* A fieldset is as wide as its content unless told otherwise: the swatches wrap on a phone. */}
      <fieldset className="flex min-w-0 flex-wrap gap-1.5" aria-label={`${label} color`}>
        {COLOR_CHOICES.map((c) => (
          <button
            key={c.name}
            type="button"
            aria-pressed={selected === c.name}
            aria-label={c.name}
            onClick={() => onPick(c.name)}
            className={cn(
              'size-6 rounded-full border-2',
              selected === c.name ? 'ring-2 ring-ring ring-offset-2' : '',
            )}
            style={{ backgroundColor: c.background, borderColor: c.border }}
          />
        ))}
      </fieldset>
    </div>
  );
}
