import { zodResolver } from '@hookform/resolvers/zod';
import { createTeamSchema } from '@common/schemas/teams';
import { suggestHandle } from '@common/teams';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/hooks/use-toast';
import { errorMessage, isApiError } from '@web/lib/api';
import { newTeamCandidatesUrl } from '../api/get-candidates';
import { useCreateTeam } from '../api/team-mutations';
import { MemberChecklist } from './member-checklist';
import { FormDialog, FormDialogForm } from '@web/components/form-dialog';
import { TeamUrlField } from './team-url-field';

type FormInput = z.input<typeof createTeamSchema>;
type FormOutput = z.output<typeof createTeamSchema>;

const EMPTY: FormInput = { name: '', description: '', handle: '', teamUrl: '', memberIds: [] };

/** Create Team: name, description, handle, URL and members. */
export function CreateTeamDialog({
  orgId,
  open,
  onOpenChange,
}: {
  orgId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create Team"
      description="Bring people together as a cast, a crew or a class."
      className="max-w-xl"
    >
      {open && <CreateTeamForm orgId={orgId} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function CreateTeamForm({ orgId, onDone }: { orgId: number; onDone: () => void }) {
  const create = useCreateTeam(orgId);
  const [handleEdited, setHandleEdited] = useState(false);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createTeamSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      toast({ title: 'Team created', description: `${values.name} is ready.` });
      onDone();
    } catch (error) {
      if (isApiError(error, 409))
        form.setError('handle', { message: errorMessage(error, 'Failed to create team') });
      toast({
        variant: 'destructive',
        title: 'Creation failed',
        description: errorMessage(error, 'Failed to create team'),
      });
    }
  });

  const nameField = form.register('name', {
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      if (!handleEdited)
        form.setValue('handle', suggestHandle(e.target.value), {
          shouldValidate: form.formState.isSubmitted,
        });
    },
  });

  return (
    <FormDialogForm
      onSubmit={submit}
      dirty={form.formState.isDirty}
      pending={form.formState.isSubmitting}
      submitLabel="Create Team"
      pendingLabel="Creating..."
    >
      <FormField id="team-name" label="Team Name" error={errors.name?.message}>
        <Input
          {...fieldA11y('team-name', errors.name?.message)}
          placeholder="Into the Woods Cast"
          {...nameField}
        />
      </FormField>
      <FormField id="team-description" label="Description" error={errors.description?.message}>
        <Textarea
          {...fieldA11y('team-description', errors.description?.message)}
          rows={3}
          {...form.register('description')}
        />
      </FormField>
      <FormField
        id="team-handle"
        label="Team Handle"
        error={errors.handle?.message}
        description="Letters, numbers, underscores and hyphens; used in the team's address."
      >
        <Input
          {...fieldA11y('team-handle', errors.handle?.message)}
          placeholder="into-the-woods-cast"
          {...form.register('handle', { onChange: () => setHandleEdited(true) })}
        />
      </FormField>
      <TeamUrlField id="team-url" error={errors.teamUrl?.message} field={form.register('teamUrl')} />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Team Members</legend>
        <Controller
          control={form.control}
          name="memberIds"
          render={({ field }) => (
            <MemberChecklist
              url={newTeamCandidatesUrl(orgId)}
              multiple
              selected={field.value ?? []}
              onChange={field.onChange}
            />
          )}
        />
      </fieldset>
    </FormDialogForm>
  );
}
