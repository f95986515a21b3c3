// Add or edit a scene: name, act, length in pages (eighths, written "1 3/8"), its place in the
// running order and the characters in it; delete it from the breakdown.
import { BM, type Breakdown, formatEighths, parseEighths, type Scene } from '@common/schemas/breakdown';
import { useState } from 'react';
import { FormDialog, FormDialogForm } from '@web/components/form-dialog';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/hooks/use-toast';
import { errorMessage } from '@web/lib/api';
import { useCreateScene, useDeleteScene, useUpdateScene } from '../../api/breakdown';

export function SceneDialog({
  teamId,
  breakdown,
  scene,
  open,
  onOpenChange,
}: {
  teamId: number;
  breakdown: Breakdown;
  scene: Scene | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={scene ? 'Edit Scene' : 'Add Scene'}
      description="A scene, its length and the characters in it."
    >
      {open && (
        <SceneForm teamId={teamId} breakdown={breakdown} scene={scene} onDone={() => onOpenChange(false)} />
      )}
    </FormDialog>
  );
}

function SceneForm({
  teamId,
  breakdown,
  scene,
  onDone,
}: {
  teamId: number;
  breakdown: Breakdown;
  scene: Scene | null;
  onDone: () => void;
}) {
  const create = useCreateScene(teamId);
  const update = useUpdateScene(teamId);
  const remove = useDeleteScene(teamId);
  const start = {
    name: scene?.name ?? '',
    act: scene?.act ?? '',
    pages: formatEighths(scene?.pages ?? null),
    position: String(
      (scene ? breakdown.scenes.findIndex((s) => s.id === scene.id) : breakdown.scenes.length) + 1,
    ),
  };
  const [values, setValues] = useState(start);
  const [characters, setCharacters] = useState<Set<number>>(new Set(scene?.characterIds ?? []));
  const [errors, setErrors] = useState<{ name?: string; pages?: string; form?: string }>({});
  const dirty =
    Object.entries(start).some(([k, v]) => values[k as keyof typeof start] !== v) ||
    characters.size !== (scene?.characterIds.length ?? 0) ||
    [...characters].some((id) => !scene?.characterIds.includes(id));
  const pending = create.isPending || update.isPending || remove.isPending;
  const set = (key: keyof typeof start) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const pages = parseEighths(values.pages);
    const found = {
      name: values.name.trim() ? undefined : BM.sceneName,
      pages: Number.isNaN(pages) ? 'Pages are written as eighths: 1 3/8, 3/8 or 2' : undefined,
    };
    if (found.name || found.pages) return setErrors(found);
    const input = {
      name: values.name.trim(),
      act: values.act.trim() || null,
      pages,
      characterIds: [...characters],
    };
    try {
      if (scene) {
        const position = Math.max(0, Number.parseInt(values.position, 10) - 1 || 0);
        await update.mutateAsync({
          id: scene.id,
          ...input,
          ...(values.position !== start.position ? { position } : {}),
        });
      } else await create.mutateAsync(input);
      toast({ title: scene ? 'Scene saved' : 'Scene added' });
      onDone();
    } catch (err) {
      setErrors({ form: errorMessage(err, 'The scene could not be saved') });
    }
  };
  const onDelete = async () => {
    if (!scene) return;
    try {
      await remove.mutateAsync(scene.id);
      toast({ title: 'Scene deleted' });
      onDone();
    } catch (err) {
      setErrors({ form: errorMessage(err, 'The scene could not be deleted') });
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
      {errors.form && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.form}
        </p>
      )}
      <FormField id="scene-name" label="Name" error={errors.name}>
        <Input
          value={values.name}
          maxLength={200}
          onChange={set('name')}
          {...fieldA11y('scene-name', errors.name)}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField id="scene-act" label="Act">
          <Input id="scene-act" value={values.act} maxLength={50} onChange={set('act')} />
        </FormField>
        <FormField id="scene-pages" label="Pages" error={errors.pages} description="In eighths: 1 3/8">
          <Input value={values.pages} onChange={set('pages')} {...fieldA11y('scene-pages', errors.pages)} />
        </FormField>
        {scene && (
          <FormField id="scene-position" label="Order">
            <Input
              id="scene-position"
              type="number"
              min={1}
              max={breakdown.scenes.length}
              value={values.position}
              onChange={set('position')}
            />
          </FormField>
        )}
      </div>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium">Characters in this scene</legend>
        <div className="max-h-56 space-y-1 overflow-y-auto rounded-md border p-3">
          {breakdown.characters.length === 0 && (
            <p className="text-sm text-muted-foreground">Add characters first.</p>
          )}
          {breakdown.characters.map((c) => (
            <Label key={c.id} className="flex min-h-8 items-center gap-2 font-normal">
              <Checkbox
                checked={characters.has(c.id)}
                onCheckedChange={(on) =>
                  setCharacters((previous) => {
                    const next = new Set(previous);
                    if (on === true) next.add(c.id);
                    else next.delete(c.id);
                    return next;
                  })
                }
              />
              {c.name}
            </Label>
          ))}
        </div>
      </fieldset>
      {scene && (
        <Button
          type="button"
          variant="ghost"
          className="text-destructive"
          onClick={onDelete}
          disabled={pending}
        >
          Delete scene
        </Button>
      )}
    </FormDialogForm>
  );
}
