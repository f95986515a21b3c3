import { normalizeShortname } from '@common/shortname';
import type { SystemRegisterOrganizationInput } from '@common/schemas/system';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { errorMessage, isApiError } from '@web/lib/api';
import { mainSiteHost } from '@web/lib/main-site';
import { useAuth } from '@web/lib/session';
import { useRegisterOrganization } from '../api/organizations';
import { lazyZodResolver, useLazyResolver } from '@web/lib/lazy-resolver';

const formCheck = lazyZodResolver(
  async () => (await import('@common/schemas/system')).systemRegisterOrganizationSchema,
);

const EMPTY: SystemRegisterOrganizationInput = {
  organizationName: '',
  organizationShortname: '',
  ownerUsername: '',
  ownerEmail: '',
  ownerFirstName: '',
  ownerLastName: '',
};

const FIELDS: [keyof SystemRegisterOrganizationInput, string, string?][] = [
  ['organizationName', 'Organization Name'],
  ['organizationShortname', 'Organization Shortname'],
  ['ownerUsername', 'Owner Username'],
  ['ownerEmail', 'Owner Email', 'A link to choose a password is sent here (valid for seven days).'],
  ['ownerFirstName', 'Owner First Name'],
  ['ownerLastName', 'Owner Last Name'],
];

/** 'Organization Registration': a system user creates an approved organization. */
export function RegisterOrganizationPage() {
  const register = useRegisterOrganization();
  const form = useForm({ resolver: useLazyResolver(formCheck), defaultValues: EMPTY });
  const { errors } = form.formState;
  const created = register.data;
  // A system user may be on an organization's address: the new one lives beside it, on the base domain.
  const baseHost = mainSiteHost(window.location, useAuth().organization?.shortname);
  const shortname = form.watch('organizationShortname');
  const hints: Partial<Record<keyof SystemRegisterOrganizationInput, string>> = {
    organizationShortname: `Its address: ${shortname || '{shortname}'}.${baseHost}`,
  };

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Organization Registration</h1>
        <p className="text-muted-foreground">
          Create an approved organization and its owner. The owner receives an email to set their password.
        </p>
      </div>
      {created && (
        <Alert>
          <AlertTitle>{created.name} is ready</AlertTitle>
          <AlertDescription>
            {created.owner.email} was sent a link to set a password for {created.owner.username}.{' '}
            <Link href="/system/organizations" className="underline">
              See all organizations
            </Link>
          </AlertDescription>
        </Alert>
      )}
      <Card>
        <CardHeader>
          <CardTitle as="h2">New Organization</CardTitle>
          <CardDescription>All fields but the owner's names are required.</CardDescription>
        </CardHeader>
        <CardContent>
          <form
            className="space-y-4"
            noValidate
            onSubmit={form.handleSubmit((values) =>
              register.mutate(values, {
                onSuccess: () => form.reset(EMPTY),
                onError: (error) => {
                  const fields = isApiError(error) ? error.fieldErrors : undefined;
                  for (const [field, message] of Object.entries(fields ?? {})) {
                    form.setError(field as keyof SystemRegisterOrganizationInput, { message });
                  }
                  form.setError('root', { message: errorMessage(error, 'Failed to create organization') });
                },
              }),
            )}
          >
            <div className="grid gap-4 sm:grid-cols-2">
              {FIELDS.map(([name, label, hint]) => (
                <FormField
                  key={name}
                  id={`reg-${name}`}
                  label={label}
                  description={hints[name] ?? hint}
                  error={errors[name]?.message}
                >
                  <Input
                    {...fieldA11y(`reg-${name}`, errors[name]?.message)}
                    autoComplete="off"
                    type={name === 'ownerEmail' ? 'email' : 'text'}
                    {...form.register(name, {
                      onChange:
                        name === 'organizationShortname'
                          ? (e) => form.setValue(name, normalizeShortname(e.target.value))
                          : undefined,
                    })}
                  />
                </FormField>
              ))}
            </div>
            {errors.root?.message && (
              <p role="alert" className="text-sm font-medium text-destructive">
                {errors.root.message}
              </p>
            )}
            <Button type="submit" disabled={register.isPending}>
              {register.isPending ? 'Creating...' : 'Create Organization'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
