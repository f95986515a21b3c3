import { zodResolver } from '@hookform/resolvers/zod';
import {
  type EditAboutInput,
  type EditAboutOutput,
  editAboutSchema,
  type TeamDetail,
} from '@common/schemas/teams';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/hooks/use-toast';
import { errorMessage, isApiError } from '@web/lib/api';
import { useUpdateTeam } from '../api/team-mutations';
import { FormDialog, FormDialogForm } from '@web/components/form-dialog';
import { TeamUrlField } from './team-url-field';

/** Edit About: description and handle; a new handle moves the page's address. */
export function EditAboutDialog({
  team,
  open,
  onOpenChange,
}: {
  team: TeamDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit About"
      description="Name and describe the team, choose its handle and website."
    >
      {open && <EditAboutForm team={team} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function EditAboutForm({ team, onDone }: { team: TeamDetail; onDone: () => void }) {
  const update = useUpdateTeam(team.id);
  const [, navigate] = useLocation();
  const form = useForm<EditAboutInput, unknown, EditAboutOutput>({
    resolver: zodResolver(editAboutSchema),
    defaultValues: {
      name: team.name,
      description: team.description ?? '',
      handle: team.handle,
      teamUrl: team.teamUrl ?? '',
    },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const updated = await update.mutateAsync(values);
      toast({ title: 'Team updated successfully' });
      onDone();
      if (updated.handle !== team.handle) {
        navigate(`/directory/teams/${encodeURIComponent(updated.handle)}`, { replace: true });
      }
    } catch (error) {
      if (isApiError(error, 409))
        form.setError('handle', { message: errorMessage(error, 'Failed to update team') });
      toast({
        variant: 'destructive',
        title: 'Failed to update team',
        description: errorMessage(error, '') || undefined,
      });
    }
  });

  return (
    <FormDialogForm
      onSubmit={submit}
      dirty={form.formState.isDirty}
      pending={form.formState.isSubmitting}
      submitLabel="Save"
      pendingLabel="Saving..."
    >
      <FormField id="about-name" label="Team Name" error={errors.name?.message}>
        <Input {...fieldA11y('about-name', errors.name?.message)} {...form.register('name')} />
      </FormField>
      <FormField id="about-description" label="Description" error={errors.description?.message}>
        <Textarea
          {...fieldA11y('about-description', errors.description?.message)}
          rows={5}
          {...form.register('description')}
        />
      </FormField>
      <FormField id="about-handle" label="Team Handle" error={errors.handle?.message}>
        <Input {...fieldA11y('about-handle', errors.handle?.message)} {...form.register('handle')} />
      </FormField>
      <TeamUrlField id="about-url" error={errors.teamUrl?.message} field={form.register('teamUrl')} />
    </FormDialogForm>
  );
}
