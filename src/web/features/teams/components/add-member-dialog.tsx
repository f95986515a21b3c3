import { zodResolver } from '@hookform/resolvers/zod';
import { type AddMemberInput, addMemberSchema } from '@common/schemas/teams';
import { displayName, TEAM_ROLE_LABELS, TEAM_ROLES } from '@common/teams';
import { Controller, useForm } from 'react-hook-form';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/hooks/use-toast';
import { errorMessage } from '@web/lib/api';
import { useMemberCandidates } from '../api/get-candidates';
import { useAddMember } from '../api/member-mutations';
import { FormDialog, FormDialogForm } from '@web/components/form-dialog';

/** Add Member: a person not yet in the team, as Member or Team Lead. */
export function AddMemberDialog({
  teamId,
  open,
  onOpenChange,
}: {
  teamId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Member"
      description="Choose a member of the organization and their role in this team."
    >
      {open && <AddMemberForm teamId={teamId} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function AddMemberForm({ teamId, onDone }: { teamId: number; onDone: () => void }) {
  const candidates = useMemberCandidates(teamId, true);
  const add = useAddMember(teamId);
  const form = useForm<AddMemberInput>({
    resolver: zodResolver(addMemberSchema),
    defaultValues: { role: 'member' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      toast({ title: 'Member added successfully' });
      onDone();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Failed to add member',
        description: errorMessage(error, '') || undefined,
      });
    }
  });

  if (candidates.isLoading) return <Spinner label="Loading members" className="py-6" />;
  const people = candidates.data ?? [];

  return (
    <FormDialogForm
      onSubmit={submit}
      dirty={form.formState.isDirty}
      pending={form.formState.isSubmitting}
      submitLabel="Add Member"
      pendingLabel="Adding..."
    >
      <FormField id="member-user" label="User" error={errors.userId?.message}>
        <Controller
          control={form.control}
          name="userId"
          render={({ field }) => (
            <Select
              value={field.value ? String(field.value) : ''}
              onValueChange={(v) => field.onChange(Number(v))}
              disabled={people.length === 0}
            >
              <SelectTrigger {...fieldA11y('member-user', errors.userId?.message)}>
                <SelectValue
                  placeholder={people.length === 0 ? 'Everyone is already in this team' : 'Select a user'}
                />
              </SelectTrigger>
              <SelectContent>
                {people.map((p) => (
                  <SelectItem key={p.id} value={String(p.id)}>
                    {displayName(p)} (@{p.username})
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </FormField>
      <FormField id="member-role" label="Role" error={errors.role?.message}>
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <Select value={field.value ?? ''} onValueChange={field.onChange}>
              <SelectTrigger {...fieldA11y('member-role', errors.role?.message)}>
                <SelectValue placeholder="Select a role" />
              </SelectTrigger>
              <SelectContent>
                {TEAM_ROLES.map((role) => (
                  <SelectItem key={role} value={role}>
                    {TEAM_ROLE_LABELS[role]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </FormField>
    </FormDialogForm>
  );
}
