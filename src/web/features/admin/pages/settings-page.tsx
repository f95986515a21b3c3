import type { OrganizationSettings, OrganizationSettingsInput } from '@common/schemas/admin';
import { timeZoneOptions } from '@common/timezones';
import { useEffect, useMemo } from 'react';
import { type Control, Controller, useForm } from 'react-hook-form';
import { LazyChoiceSelect } from '@web/components/lazy-choice-select';
import { SwitchField } from '@web/components/switch-field';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { WebAddress } from '@web/components/web-address';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { Textarea } from '@web/components/ui/textarea';
import { useOrganizationSettings, useUpdateSettings } from '../api/settings';
import { AdminAccess } from '../components/admin-access';
import { PublicEventTypesCard, TimeZoneChangeNote } from '../components/calendar-settings';
import { AssignableRoleSelect } from '../components/role-options';
import { lazyZodResolver, useLazyResolver } from '@web/lib/lazy-resolver';

const formCheck = lazyZodResolver(
  async () => (await import('@common/schemas/admin')).organizationSettingsSchema,
);

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

function toForm(s: OrganizationSettings): OrganizationSettingsInput {
  return {
    name: s.name,
    description: s.description ?? '',
    contactEmail: s.contactEmail ?? '',
    phone: s.phone ?? '',
    customDomain: s.customDomain ?? '',
    enableCustomDomain: s.enableCustomDomain,
    enablePublicRegistration: s.enablePublicRegistration,
    requireEmailVerification: s.requireEmailVerification,
    requireAdminApproval: s.requireAdminApproval,
    requireTwoFactorForAdmins: s.requireTwoFactorForAdmins,
    defaultRole: s.defaultRole as OrganizationSettingsInput['defaultRole'],
    timezone: s.timezone || browserZone(),
    publicEventTypes: s.publicEventTypes as OrganizationSettingsInput['publicEventTypes'],
    volunteerHoursTarget: s.volunteerHoursTarget ?? null,
  };
}

/** The organization's own address: this page is served from it, so it is this host. */
function organizationAddress(shortname: string) {
  const { protocol, host } = window.location;
  const base = host.startsWith(`${shortname}.`) ? host.slice(shortname.length + 1) : host;
  return {
    address: `${protocol}//${shortname}.${base}`,
    registration: `${protocol}//${shortname}.${base}/register/${shortname}`,
  };
}

type SwitchName =
  | 'enableCustomDomain'
  | 'enablePublicRegistration'
  | 'requireAdminApproval'
  | 'requireEmailVerification'
  | 'requireTwoFactorForAdmins';

interface SwitchSpec {
  name: SwitchName;
  id: string;
  label: string;
  description: string;
}

const CUSTOM_DOMAIN_SWITCH: SwitchSpec = {
  name: 'enableCustomDomain',
  id: 'org-custom-domain-on',
  label: 'Use a custom domain',
  description: 'Show your own domain to members (your DNS must point it at Greenroom).',
};

const REGISTRATION_SWITCHES: SwitchSpec[] = [
  {
    name: 'enablePublicRegistration',
    id: 'org-public-registration',
    label: 'Public registration',
    description: 'Anyone with the registration link can ask to join.',
  },
  {
    name: 'requireAdminApproval',
    id: 'org-admin-approval',
    label: 'Require admin approval',
    description: 'New registrations wait in User Management until approved.',
  },
  {
    name: 'requireEmailVerification',
    id: 'org-email-verification',
    label: 'Require email verification',
    description: 'New members must confirm their email address.',
  },
];

const TWO_FACTOR_SWITCH: SwitchSpec = {
  name: 'requireTwoFactorForAdmins',
  id: 'org-require-two-factor',
  label: 'Require two-step sign-in for owners and admins',
  description:
    'Owners and admins without two-step sign-in are asked to turn it on in Account Settings before they can go on.',
};

function SettingSwitch({ control, spec }: { control: Control<OrganizationSettingsInput>; spec: SwitchSpec }) {
  return <SwitchField control={control} {...spec} className="rounded-md border p-4" />;
}

function SettingsForm({
  organizationId,
  settings,
}: {
  organizationId: number;
  settings: OrganizationSettings;
}) {
  const update = useUpdateSettings(organizationId);
  const form = useForm<OrganizationSettingsInput>({
    resolver: useLazyResolver(formCheck),
    defaultValues: toForm(settings),
  });
  useEffect(() => form.reset(toForm(settings)), [settings, form]);
  const { errors, isDirty } = form.formState;
  const customDomainOn = form.watch('enableCustomDomain');
  const zone = form.watch('timezone');
  const zones = useMemo(() => timeZoneOptions(settings.timezone, browserZone()), [settings.timezone]);
  const { address, registration } = organizationAddress(settings.shortname);

  return (
    <form
      className="space-y-6"
      noValidate
      onSubmit={form.handleSubmit((values) => update.mutate(values as OrganizationSettingsInput))}
    >
      <Card>
        <CardHeader>
          <CardTitle as="h2">General</CardTitle>
          <CardDescription>How your organization appears to members and visitors.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <FormField id="org-name" label="Organization Name" error={errors.name?.message}>
            <Input {...fieldA11y('org-name', errors.name?.message)} {...form.register('name')} />
          </FormField>
          <FormField
            id="org-shortname"
            label="Shortname"
            description="The shortname cannot be changed after creation."
          >
            <Input
              id="org-shortname"
              value={settings.shortname}
              readOnly
              aria-readonly="true"
              className="bg-muted"
            />
          </FormField>
          <FormField id="org-description" label="Description" error={errors.description?.message}>
            <Textarea
              rows={3}
              {...fieldA11y('org-description', errors.description?.message)}
              {...form.register('description')}
            />
          </FormField>
          <div className="grid gap-4 md:grid-cols-2">
            <FormField id="org-email" label="Contact Email" error={errors.contactEmail?.message}>
              <Input
                type="email"
                {...fieldA11y('org-email', errors.contactEmail?.message)}
                {...form.register('contactEmail')}
              />
            </FormField>
            <FormField id="org-phone" label="Phone" error={errors.phone?.message}>
              <Input
                type="tel"
                {...fieldA11y('org-phone', errors.phone?.message)}
                {...form.register('phone')}
              />
            </FormField>
          </div>
          <FormField id="org-timezone" label="Time Zone" error={errors.timezone?.message}>
            <Controller
              control={form.control}
              name="timezone"
              render={({ field }) => (
                <LazyChoiceSelect
                  id="org-timezone"
                  invalid={!!errors.timezone}
                  describedBy={errors.timezone ? 'org-timezone-error' : undefined}
                  placeholder="Select a time zone"
                  value={field.value}
                  onChange={field.onChange}
                  choices={zones.map((z) => [z.value, `${z.label} (${z.value})`] as const)}
                />
              )}
            />
          </FormField>
          {zone !== browserZone() && (
            <Button
              variant="link"
              className="h-auto p-0"
              onClick={() => form.setValue('timezone', browserZone(), { shouldDirty: true })}
            >
              Use my time zone ({browserZone()})
            </Button>
          )}
          <TimeZoneChangeNote from={settings.timezone} to={zone} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Domain Configuration</CardTitle>
          <CardDescription>Where members find your organization.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <dl className="grid gap-2 text-sm md:grid-cols-[12rem_1fr]">
            <dt className="text-muted-foreground">Organization address</dt>
            <dd className="min-w-0 font-mono">
              <WebAddress address={address} />
            </dd>
            <dt className="text-muted-foreground">Registration link</dt>
            <dd className="min-w-0 font-mono">
              <WebAddress address={registration} />
            </dd>
          </dl>
          <SettingSwitch control={form.control} spec={CUSTOM_DOMAIN_SWITCH} />
          {customDomainOn && (
            <FormField id="org-custom-domain" label="Custom Domain" error={errors.customDomain?.message}>
              <Input
                placeholder="theater.example.com"
                {...fieldA11y('org-custom-domain', errors.customDomain?.message)}
                {...form.register('customDomain')}
              />
            </FormField>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Registration Settings</CardTitle>
          <CardDescription>Who may join, and how new members start.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {REGISTRATION_SWITCHES.map((spec) => (
            <SettingSwitch key={spec.name} control={form.control} spec={spec} />
          ))}
          <FormField id="org-default-role" label="Default Role" error={errors.defaultRole?.message}>
            <Controller
              control={form.control}
              name="defaultRole"
              render={({ field }) => (
                <AssignableRoleSelect
                  id="org-default-role"
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.defaultRole?.message}
                />
              )}
            />
          </FormField>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Security</CardTitle>
          <CardDescription>How owners and admins sign in.</CardDescription>
        </CardHeader>
        <CardContent>
          <SettingSwitch control={form.control} spec={TWO_FACTOR_SWITCH} />
        </CardContent>
      </Card>

      <PublicEventTypesCard control={form.control} />

      <Card>
        <CardHeader>
          <CardTitle as="h2">Volunteering</CardTitle>
          <CardDescription>What the volunteer hours ledger measures members against.</CardDescription>
        </CardHeader>
        <CardContent>
          <FormField
            id="org-volunteer-target"
            label="Volunteer hours target per member and season (blank: none)"
            error={errors.volunteerHoursTarget?.message}
          >
            <Input
              type="number"
              min={0}
              max={1000}
              step={0.25}
              className="w-40"
              {...fieldA11y('org-volunteer-target', errors.volunteerHoursTarget?.message)}
              {...form.register('volunteerHoursTarget', {
                setValueAs: (v) => (v === '' || v === null ? null : Number(v)),
              })}
            />
          </FormField>
        </CardContent>
      </Card>

      <div className="flex justify-end gap-2">
        <Button
          variant="outline"
          disabled={!isDirty || update.isPending}
          onClick={() => form.reset(toForm(settings))}
        >
          Discard Changes
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Settings'}
        </Button>
      </div>
    </form>
  );
}

function OrganizationSettingsScreen({ organizationId }: { organizationId: number }) {
  const settings = useOrganizationSettings(organizationId);
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Organization Settings</h1>
        <p className="text-muted-foreground">
          Your organization&apos;s details, address and registration policy.
        </p>
      </div>
      {settings.isLoading ? (
        <div className="space-y-4" aria-busy="true">
          <Skeleton className="h-72 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : settings.isError || !settings.data ? (
        <Alert variant="destructive">
          <AlertTitle>Error</AlertTitle>
          <AlertDescription>Failed to load organization settings. Please try again later.</AlertDescription>
        </Alert>
      ) : (
        <SettingsForm organizationId={organizationId} settings={settings.data} />
      )}
    </div>
  );
}

/** `/admin/settings`. */
export function SettingsPage() {
  return (
    <AdminAccess need="settings">
      {(organizationId) => <OrganizationSettingsScreen organizationId={organizationId} />}
    </AdminAccess>
  );
}
