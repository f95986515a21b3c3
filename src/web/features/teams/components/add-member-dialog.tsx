import { zodResolver } from '@hookform/resolvers/zod';
import { type AddMemberInput, addMemberSchema } from '@common/schemas/teams';
import { TEAM_ROLE_LABELS, TEAM_ROLES } from '@common/teams';
import { Controller, useForm } from 'react-hook-form';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { toast } from '@web/hooks/use-toast';
import { errorMessage } from '@web/lib/api';
import { memberCandidatesUrl } from '../api/get-candidates';
import { useAddMember } from '../api/member-mutations';
import { FormDialog, FormDialogForm } from '@web/components/form-dialog';
import { MemberChecklist } from './member-checklist';

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

  return (
    <FormDialogForm
      onSubmit={submit}
      dirty={form.formState.isDirty}
      pending={form.formState.isSubmitting}
      submitLabel="Add Member"
      pendingLabel="Adding..."
    >
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">User</legend>
        <Controller
          control={form.control}
          name="userId"
          render={({ field }) => (
            <MemberChecklist
              url={memberCandidatesUrl(teamId)}
              multiple={false}
              selected={field.value ? [field.value] : []}
              onChange={(ids) => field.onChange(ids[0])}
              emptyText="Everyone is already in this team"
              describedBy={errors.userId ? 'member-user-error' : undefined}
            />
          )}
        />
        {errors.userId?.message && (
          <p id="member-user-error" className="text-sm text-destructive" role="alert">
            {errors.userId.message}
          </p>
        )}
      </fieldset>
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
