import type { DatabaseSettings } from '@common/schemas/system';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@web/components/ui/button';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { PasswordInput } from '@web/components/ui/password-input';
import { Switch } from '@web/components/ui/switch';
import { lazyZodResolver, useLazyResolver } from '@web/lib/lazy-resolver';
import type { StoredDatabaseSettings } from '@common/schemas/system';
import { useSaveDatabaseSettings, useTestConnection } from '../api/settings';

// With a password stored, an empty one keeps it (the save schema allows it empty).
const newSettingsCheck = lazyZodResolver(
  async () => (await import('@common/schemas/system')).databaseSettingsSchema,
);
const savedSettingsCheck = lazyZodResolver(
  async () => (await import('@common/schemas/system')).saveDatabaseSettingsSchema,
);

const NUMBER_FIELDS = [
  ['port', 'Port'],
  ['maxConnections', 'Max Connections'],
  ['connectionTimeout', 'Connection Timeout (ms)'],
] as const;
const TEXT_FIELDS = [
  ['host', 'Host'],
  ['database', 'Database Name'],
  ['username', 'Username'],
] as const;

/**
 * Database settings. The stored password never comes back: with one
 * stored, an empty password field keeps it.
 */
export function DatabaseSettingsForm({ stored }: { stored: StoredDatabaseSettings }) {
  const save = useSaveDatabaseSettings();
  const test = useTestConnection();
  const { hasPassword, saved: _saved, ...values } = stored;
  // Both come from one module (one download); the form checks with the one that fits.
  const checkNew = useLazyResolver(newSettingsCheck);
  const checkSaved = useLazyResolver(savedSettingsCheck);
  const form = useForm<DatabaseSettings>({
    resolver: (hasPassword ? checkSaved : checkNew) as never,
    defaultValues: values,
  });
  const { errors } = form.formState;

  return (
    <form className="space-y-4" noValidate onSubmit={form.handleSubmit((v) => save.mutate(v))}>
      <div className="grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map(([name, label]) => (
          <FormField key={name} id={`db-${name}`} label={label} error={errors[name]?.message}>
            <Input
              {...fieldA11y(`db-${name}`, errors[name]?.message)}
              autoComplete="off"
              {...form.register(name)}
            />
          </FormField>
        ))}
        <FormField
          id="db-password"
          label="Password"
          error={errors.password?.message}
          description={hasPassword ? 'Leave empty to keep the saved password.' : undefined}
        >
          <PasswordInput
            {...fieldA11y('db-password', errors.password?.message)}
            autoComplete="new-password"
            {...form.register('password')}
          />
        </FormField>
        {NUMBER_FIELDS.map(([name, label]) => (
          <FormField key={name} id={`db-${name}`} label={label} error={errors[name]?.message}>
            <Input
              type="number"
              {...fieldA11y(`db-${name}`, errors[name]?.message)}
              {...form.register(name, { valueAsNumber: true })}
            />
          </FormField>
        ))}
      </div>
      <div className="flex items-center gap-3">
        <Controller
          control={form.control}
          name="ssl"
          render={({ field }) => (
            <Switch id="db-ssl" checked={field.value} onCheckedChange={field.onChange} />
          )}
        />
        <label htmlFor="db-ssl" className="text-sm font-medium">
          Use SSL
        </label>
      </div>
      <p className="text-sm text-muted-foreground">
        Saved settings take effect when the server next starts, and only when it was not started with
        DATABASE_URL (which always wins).
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={test.isPending}
          onClick={form.handleSubmit((v) => test.mutate(v))}
        >
          {test.isPending ? 'Testing...' : 'Test Connection'}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Settings'}
        </Button>
      </div>
    </form>
  );
}
