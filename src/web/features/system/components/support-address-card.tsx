import { useForm } from 'react-hook-form';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { lazyZodResolver, useLazyResolver } from '@web/lib/lazy-resolver';
import { useSaveSupportSettings, useSupportSettings } from '../api/settings';

const supportCheck = lazyZodResolver(
  async () => (await import('@common/schemas/system')).supportSettingsInputSchema,
);

function SupportAddressForm({ supportEmail, defaultEmail }: { supportEmail: string; defaultEmail: string }) {
  const save = useSaveSupportSettings();
  const form = useForm<{ supportEmail: string }>({
    resolver: useLazyResolver(supportCheck),
    defaultValues: { supportEmail },
  });
  const error = form.formState.errors.supportEmail?.message;
  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={form.handleSubmit((v) => save.mutate(v, { onSuccess: (s) => form.reset(s) }))}
    >
      <FormField id="support-email" label="Support Email" error={error}>
        <Input
          type="email"
          autoComplete="off"
          placeholder={defaultEmail}
          {...fieldA11y('support-email', error)}
          {...form.register('supportEmail')}
        />
      </FormField>
      <p className="text-sm text-muted-foreground">
        Left empty, people write to the system user's address: {defaultEmail}
      </p>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Support Address'}
      </Button>
    </form>
  );
}

/** Where people waiting for approval (and joiners of organizations without a contact) write. */
export function SupportAddressCard() {
  const settings = useSupportSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Support Address</CardTitle>
        <CardDescription>Shown to people whose registration is waiting for approval.</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isLoading ? (
          <Skeleton className="h-24 w-full" aria-busy="true" />
        ) : settings.isError || !settings.data ? (
          <Alert variant="destructive">
            <AlertDescription>Failed to fetch the support address</AlertDescription>
          </Alert>
        ) : (
          <SupportAddressForm {...settings.data} />
        )}
      </CardContent>
    </Card>
  );
}
