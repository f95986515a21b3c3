import { zodResolver } from '@hookform/resolvers/zod';
import { createTeamSchema } from '@common/schemas/teams';
import { suggestHandle } from '@common/teams';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/hooks/use-toast';
import { errorMessage, isApiError } from '@web/lib/api';
import { useNewTeamCandidates } from '../api/get-candidates';
import { useCreateTeam } from '../api/team-mutations';
import { MemberChecklist } from './member-checklist';
import { FormDialogFooter } from '@web/components/form-dialog-footer';

type FormInput = z.input<typeof createTeamSchema>;
type FormOutput = z.output<typeof createTeamSchema>;

const EMPTY: FormInput = { name: '', description: '', handle: '', teamUrl: '', memberIds: [] };

/** Create Team (spec part 2 §2): name, description, handle, URL and members. */
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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Create Team</DialogTitle>
          <DialogDescription>Bring people together as a cast, a crew or a class.</DialogDescription>
        </DialogHeader>
        {open && <CreateTeamForm orgId={orgId} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function CreateTeamForm({ orgId, onDone }: { orgId: number; onDone: () => void }) {
  const create = useCreateTeam(orgId);
  const candidates = useNewTeamCandidates(orgId, true);
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
    <form onSubmit={submit} noValidate className="space-y-4">
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
      <FormField id="team-url" label="Team URL" error={errors.teamUrl?.message}>
        <Input
          {...fieldA11y('team-url', errors.teamUrl?.message)}
          type="url"
          placeholder="https://"
          {...form.register('teamUrl')}
        />
      </FormField>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Team Members</legend>
        {candidates.isLoading ? (
          <Spinner label="Loading members" />
        ) : candidates.isError ? (
          <p className="text-sm text-destructive">Failed to fetch users</p>
        ) : (
          <Controller
            control={form.control}
            name="memberIds"
            render={({ field }) => (
              <MemberChecklist
                candidates={candidates.data ?? []}
                selected={field.value ?? []}
                onChange={field.onChange}
              />
            )}
          />
        )}
      </fieldset>
      <FormDialogFooter
        onCancel={onDone}
        pending={form.formState.isSubmitting}
        submitLabel="Create Team"
        pendingLabel="Creating..."
      />
    </form>
  );
}
