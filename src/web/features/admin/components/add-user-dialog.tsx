import { zodResolver } from '@hookform/resolvers/zod';
import { addUserSchema } from '@common/schemas/admin';
import { Controller, useForm } from 'react-hook-form';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { PasswordInput } from '@web/components/ui/password-input';
import { useAddUser } from '../api/users';
import { AssignableRoleSelect } from './role-options';
import { FormDialog, FormDialogForm } from '@web/components/form-dialog';

const EMPTY = {
  username: '',
  email: '',
  password: '',
  firstName: '',
  lastName: '',
  role: 'standard_user' as const,
};

interface AddUserDialogProps {
  organizationId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Add User: the person is created active and can sign in at once. */
export function AddUserDialog({ organizationId, open, onOpenChange }: AddUserDialogProps) {
  const add = useAddUser(organizationId);
  const form = useForm({ resolver: zodResolver(addUserSchema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const close = () => {
    form.reset(EMPTY);
    onOpenChange(false);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Add User"
      description="Create an account in your organization. Share the password with them."
    >
      <FormDialogForm
        dirty={form.formState.isDirty}
        pending={add.isPending}
        submitLabel="Create User"
        pendingLabel="Creating..."
        onSubmit={form.handleSubmit((values) =>
          add.mutate(
            { ...values, firstName: values.firstName ?? undefined, lastName: values.lastName ?? undefined },
            { onSuccess: close },
          ),
        )}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="add-first-name" label="First Name" error={errors.firstName?.message}>
            <Input
              autoComplete="off"
              {...fieldA11y('add-first-name', errors.firstName?.message)}
              {...form.register('firstName')}
            />
          </FormField>
          <FormField id="add-last-name" label="Last Name" error={errors.lastName?.message}>
            <Input
              autoComplete="off"
              {...fieldA11y('add-last-name', errors.lastName?.message)}
              {...form.register('lastName')}
            />
          </FormField>
        </div>
        <FormField id="add-username" label="Username" error={errors.username?.message}>
          <Input
            autoComplete="off"
            {...fieldA11y('add-username', errors.username?.message)}
            {...form.register('username')}
          />
        </FormField>
        <FormField id="add-email" label="Email" error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="off"
            {...fieldA11y('add-email', errors.email?.message)}
            {...form.register('email')}
          />
        </FormField>
        <FormField id="add-password" label="Password" error={errors.password?.message}>
          <PasswordInput
            autoComplete="new-password"
            {...fieldA11y('add-password', errors.password?.message)}
            {...form.register('password')}
          />
        </FormField>
        <FormField id="add-role" label="Role" error={errors.role?.message}>
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <AssignableRoleSelect
                id="add-role"
                value={field.value}
                onChange={field.onChange}
                error={errors.role?.message}
                placeholder="Select a role"
              />
            )}
          />
        </FormField>
      </FormDialogForm>
    </FormDialog>
  );
}
