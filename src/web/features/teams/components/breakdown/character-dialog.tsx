// Add or edit a character: its name and who plays it (one or more of the team's members, so
// understudies and alternates are cast too); delete it from the breakdown.
import { BM, type Character } from '@common/schemas/breakdown';
import type { TeamDetail } from '@common/schemas/teams';
import { displayName } from '@common/teams';
import { useState } from 'react';
import { FormDialog, FormDialogForm } from '@web/components/form-dialog';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/hooks/use-toast';
import { errorMessage } from '@web/lib/api';
import { useCreateCharacter, useDeleteCharacter, useUpdateCharacter } from '../../api/breakdown';

export function CharacterDialog({
  team,
  character,
  open,
  onOpenChange,
}: {
  team: TeamDetail;
  character: Character | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={character ? 'Edit Character' : 'Add Character'}
      description="A character and the members who play it."
    >
      {open && <CharacterForm team={team} character={character} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function CharacterForm({
  team,
  character,
  onDone,
}: {
  team: TeamDetail;
  character: Character | null;
  onDone: () => void;
}) {
  const create = useCreateCharacter(team.id);
  const update = useUpdateCharacter(team.id);
  const remove = useDeleteCharacter(team.id);
  const [name, setName] = useState(character?.name ?? '');
  const [cast, setCast] = useState<Set<number>>(new Set(character?.memberIds ?? []));
  const [error, setError] = useState<string | undefined>();
  const dirty =
    name !== (character?.name ?? '') ||
    cast.size !== (character?.memberIds.length ?? 0) ||
    [...cast].some((id) => !character?.memberIds.includes(id));
  const pending = create.isPending || update.isPending || remove.isPending;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError(BM.characterName);
    try {
      const input = { name: name.trim(), memberIds: [...cast] };
      if (character) await update.mutateAsync({ id: character.id, ...input });
      else await create.mutateAsync(input);
      toast({ title: character ? 'Character saved' : 'Character added' });
      onDone();
    } catch (err) {
      setError(errorMessage(err, 'The character could not be saved'));
    }
  };
  const onDelete = async () => {
    if (!character) return;
    try {
      await remove.mutateAsync(character.id);
      toast({ title: 'Character deleted' });
      onDone();
    } catch (err) {
      setError(errorMessage(err, 'The character could not be deleted'));
    }
  };

  return (
    <FormDialogForm
      onSubmit={submit}
      dirty={dirty}
      pending={pending}
      submitLabel="Save"
      pendingLabel="Saving..."
    >
      <FormField id="character-name" label="Name" error={error}>
        <Input
          value={name}
          maxLength={200}
          onChange={(e) => setName(e.target.value)}
          {...fieldA11y('character-name', error)}
        />
      </FormField>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium">Played by</legend>
        <div className="max-h-56 space-y-1 overflow-y-auto rounded-md border p-3">
          {team.members.length === 0 && (
            <p className="text-sm text-muted-foreground">This team has no members yet.</p>
          )}
          {team.members.map((m) => (
            <Label key={m.userId} className="flex min-h-8 items-center gap-2 font-normal">
              <Checkbox
                checked={cast.has(m.userId)}
                onCheckedChange={(on) =>
                  setCast((previous) => {
                    const next = new Set(previous);
                    if (on === true) next.add(m.userId);
                    else next.delete(m.userId);
                    return next;
                  })
                }
              />
              {displayName(m.user)}
            </Label>
          ))}
        </div>
      </fieldset>
      {character && (
        <Button
          type="button"
          variant="ghost"
          className="text-destructive"
          onClick={onDelete}
          disabled={pending}
        >
          Delete character
        </Button>
      )}
    </FormDialogForm>
  );
}
