import { zodResolver } from '@hookform/resolvers/zod';
import { ASSIGNABLE_ROLES, ORGANIZATION_ROLES, roleLabel } from '@common/permissions';
import {
  CANNOT_CHANGE_OWN_LEVEL,
  USER_DETAILS_DEFAULTS,
  type UserDetails,
  type UserDetailsInput,
  userDetailsSchema,
} from '@common/schemas/people';
import { X } from 'lucide-react';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Badge } from '@web/components/ui/badge';
import { FieldError } from '@web/components/ui/form-field';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Spinner } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/hooks/use-toast';
import { errorMessage } from '@web/lib/api';
import { useAuth } from '@web/lib/session';
import { useUpdateUserDetails, useUserDetails } from '../api/user-details';
import { fullName } from '../search';
import { FormDialog, FormDialogForm } from '@web/components/form-dialog';

interface UserDetailsDialogProps {
  userId: number | null;
  onClose: () => void;
}

/** A manager's view of one member's permission level, roles and access. */
export function UserDetailsDialog({ userId, onClose }: UserDetailsDialogProps) {
  const details = useUserDetails(userId);
  return (
    <FormDialog
      open={userId !== null}
      onOpenChange={(open) => !open && onClose()}
      title="User Details"
      description="Manage user permissions and organization roles"
      className="max-w-xl"
    >
      {details.isLoading ? (
        <Spinner label="Loading" className="py-8" />
      ) : details.data && userId !== null ? (
        <DetailsForm key={details.data.id} details={details.data} onClose={onClose} />
      ) : (
        <p className="py-6 text-center text-muted-foreground">User not found</p>
      )}
    </FormDialog>
  );
}

function DetailsForm({ details, onClose }: { details: UserDetails; onClose: () => void }) {
  const update = useUpdateUserDetails(details.id);
  const isOwner = details.permissionRole === 'owner';
  // Nobody acts on themselves: the server refuses it too.
  const isSelf = useAuth().user?.id === details.id;
  const form = useForm<UserDetailsInput>({
    resolver: zodResolver(userDetailsSchema),
    defaultValues: USER_DETAILS_DEFAULTS,
  });
  const { control, handleSubmit, reset, formState } = form;

  useEffect(() => {
    reset({
      permissionRole: details.permissionRole as UserDetailsInput['permissionRole'],
      organizationRoles: details.organizationRoles.filter(
        (r): r is UserDetailsInput['organizationRoles'][number] =>
          (ORGANIZATION_ROLES as readonly string[]).includes(r),
      ),
      isActive: details.isActive,
    });
  }, [details, reset]);

  const submit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        toast({ title: 'User updated', description: 'User details have been updated successfully.' });
        onClose();
      },
      onError: (error) =>
        toast({
          title: 'Error',
          description: errorMessage(error, 'Failed to update user details. Please try again.'),
          variant: 'destructive',
        }),
    }),
  );

  return (
    <FormDialogForm
      onSubmit={submit}
      className="space-y-6"
      dirty={formState.isDirty}
      pending={update.isPending}
      submitLabel="Save Changes"
      pendingLabel="Saving..."
    >
      <div>
        <p className="font-semibold">{fullName(details)}</p>
        <p className="text-sm text-muted-foreground">
          @{details.username} · {details.email}
        </p>
      </div>

      <div className="space-y-2">
        <Label htmlFor="permission-role">Permission Level</Label>
        <Controller
          control={control}
          name="permissionRole"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange} disabled={isOwner || isSelf}>
              <SelectTrigger id="permission-role" aria-invalid={!!formState.errors.permissionRole}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {/* The owner's level is shown but never offered to anyone else. */}
                {isOwner && <SelectItem value="owner">{roleLabel('owner')}</SelectItem>}
                {ASSIGNABLE_ROLES.map((role) => (
                  <SelectItem key={role} value={role}>
                    {roleLabel(role)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
        {isOwner ? (
          <p className="text-sm text-muted-foreground">The owner's permission level cannot be changed.</p>
        ) : (
          isSelf && <p className="text-sm text-muted-foreground">{CANNOT_CHANGE_OWN_LEVEL}.</p>
        )}
        <FieldError id="permission-role" message={formState.errors.permissionRole?.message} />
      </div>

      <Controller
        control={control}
        name="organizationRoles"
        render={({ field }) => {
          const remaining = ORGANIZATION_ROLES.filter((r) => !field.value.includes(r));
          return (
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium">Organization Roles</legend>
              {field.value.length === 0 ? (
                <p className="text-sm text-muted-foreground">No organization roles</p>
              ) : (
                <ul className="flex flex-wrap gap-2">
                  {field.value.map((role) => (
                    <li key={role}>
                      <Badge variant="secondary" className="gap-1 py-1 pr-1">
                        {role}
                        <button
                          type="button"
                          className="rounded-full p-0.5 hover:bg-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                          aria-label={`Remove ${role}`}
                          onClick={() => field.onChange(field.value.filter((r) => r !== role))}
                        >
                          <X className="size-3" aria-hidden="true" />
                        </button>
                      </Badge>
                    </li>
                  ))}
                </ul>
              )}
              {remaining.length > 0 && (
                <Select value="" onValueChange={(role) => field.onChange([...field.value, role])}>
                  <SelectTrigger aria-label="Add organization role" className="w-56">
                    <SelectValue placeholder="Add a role" />
                  </SelectTrigger>
                  <SelectContent>
                    {remaining.map((role) => (
                      <SelectItem key={role} value={role}>
                        {role}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
              <FieldError id="organization-roles" message={formState.errors.organizationRoles?.message} />
            </fieldset>
          );
        }}
      />

      <section className="space-y-2" aria-labelledby="team-memberships">
        <h3 id="team-memberships" className="text-sm font-medium">
          Team Memberships
        </h3>
        {details.teams.length === 0 ? (
          <p className="text-sm text-muted-foreground">Not a member of any team</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {details.teams.map((team) => (
              <li key={team.id}>
                <Badge variant="outline">
                  {team.name}
                  {team.role !== 'member' && ` (${roleLabel(team.role)})`}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Controller
        control={control}
        name="isActive"
        render={({ field }) => (
          <div className="flex items-center justify-between gap-4 rounded-md border p-4">
            <div>
              <Label htmlFor="is-active">Active Status</Label>
              <p className="text-sm text-muted-foreground">
                {field.value ? 'User can access the system' : 'User access is disabled'}
              </p>
            </div>
            <Switch
              id="is-active"
              checked={field.value}
              onCheckedChange={field.onChange}
              disabled={isOwner || isSelf}
            />
          </div>
        )}
      />
    </FormDialogForm>
  );
}
