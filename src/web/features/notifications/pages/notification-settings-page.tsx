import type { NotificationPreferences } from '@common/schemas/notifications';
import {
  DIGEST_FREQUENCIES,
  DIGEST_FREQUENCY_LABELS,
  REMINDER_TIMING_LABELS,
  REMINDER_TIMINGS,
} from '@common/notifications';
import { useEffect } from 'react';
import { type Control, Controller, useForm } from 'react-hook-form';
import { BackLink } from '@web/components/back-link';
import { SwitchField } from '@web/components/switch-field';
import { FetchError } from '@web/components/fetch-error';
import { LazyChoiceSelect } from '@web/components/lazy-choice-select';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Skeleton } from '@web/components/ui/skeleton';
import { useNotificationPreferences, useUpdateNotificationPreferences } from '../api/preferences';
import { lazyZodResolver, useLazyResolver } from '@web/lib/lazy-resolver';

const formCheck = lazyZodResolver(
  async () => (await import('@common/schemas/notifications')).notificationPreferencesSchema,
);

type Flag =
  | 'emailNotifications'
  | 'pushNotifications'
  | 'scheduleReminders'
  | 'volunteerReminders'
  | 'castingUpdates'
  | 'productionAnnouncements';

const FLAG_TEXT: Record<Flag, { label: string; description: string }> = {
  emailNotifications: {
    label: 'Email Notifications',
    description: 'Reminders, schedule changes, digests and announcements by email.',
  },
  pushNotifications: {
    label: 'Push Notifications',
    description: 'Show them in the notification bell while you use Greenroom.',
  },
  scheduleReminders: {
    label: 'Schedule Reminders',
    description: 'A reminder before each event you follow.',
  },
  volunteerReminders: {
    label: 'Volunteer Shift Reminders',
    description:
      'A reminder before each volunteer shift you hold, and for coordinators the shifts still open.',
  },
  castingUpdates: {
    label: 'Class & Workshop Announcements',
    description: 'Classes, workshops and casting news.',
  },
  productionAnnouncements: {
    label: 'General Theater Announcements',
    description: 'News from your organization and your teams.',
  },
};

function FlagRow({ control, name }: { control: Control<NotificationPreferences>; name: Flag }) {
  return (
    <SwitchField control={control} name={name} id={`pref-${name}`} {...FLAG_TEXT[name]} className="py-3" />
  );
}

function ChoiceField<K extends 'reminderTiming' | 'digestFrequency'>({
  control,
  name,
  label,
  description,
  options,
}: {
  control: Control<NotificationPreferences>;
  name: K;
  label: string;
  description: string;
  options: readonly { value: NotificationPreferences[K]; label: string }[];
}) {
  const id = `pref-${name}`;
  return (
    <FormField id={id} label={label} description={description}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <LazyChoiceSelect
            id={id}
            describedBy={`${id}-description`}
            value={field.value}
            onChange={field.onChange}
            choices={options.map((o) => [o.value, o.label] as const)}
          />
        )}
      />
    </FormField>
  );
}

const TIMING_OPTIONS = REMINDER_TIMINGS.map((value) => ({ value, label: REMINDER_TIMING_LABELS[value] }));
const DIGEST_OPTIONS = DIGEST_FREQUENCIES.map((value) => ({ value, label: DIGEST_FREQUENCY_LABELS[value] }));

function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const update = useUpdateNotificationPreferences();
  const form = useForm<NotificationPreferences>({
    resolver: useLazyResolver(formCheck),
    defaultValues: saved,
  });
  useEffect(() => form.reset(saved), [saved, form]);
  const { control } = form;
  return (
    <form className="space-y-6" noValidate onSubmit={form.handleSubmit((values) => update.mutate(values))}>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Communication Preferences</CardTitle>
          <CardDescription>How Greenroom reaches you.</CardDescription>
        </CardHeader>
        <CardContent className="divide-y">
          <FlagRow control={control} name="emailNotifications" />
          <FlagRow control={control} name="pushNotifications" />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Theater Updates</CardTitle>
          <CardDescription>What you want to hear about.</CardDescription>
        </CardHeader>
        <CardContent className="divide-y">
          <FlagRow control={control} name="scheduleReminders" />
          <FlagRow control={control} name="volunteerReminders" />
          <FlagRow control={control} name="castingUpdates" />
          <FlagRow control={control} name="productionAnnouncements" />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Timing & Frequency</CardTitle>
          <CardDescription>
            When reminders arrive, and how changes and announcements are bundled.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-2">
          <ChoiceField
            control={control}
            name="reminderTiming"
            label="Reminder Timing"
            description="Before each event you follow, in your organization's time zone."
            options={TIMING_OPTIONS}
          />
          <ChoiceField
            control={control}
            name="digestFrequency"
            label="Digest Frequency"
            description="Daily digests come at 7:00, weekly ones on Mondays at 7:00."
            options={DIGEST_OPTIONS}
          />
        </CardContent>
      </Card>
      <div className="flex justify-end">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save Notification Settings'}
        </Button>
      </div>
    </form>
  );
}

/** `/notification-settings`. */
export function NotificationSettingsPage() {
  const preferences = useNotificationPreferences();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <BackLink href="/dashboard">Back to Dashboard</BackLink>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Notification Settings</h1>
        <p className="text-muted-foreground">Choose how and when you hear about your schedule.</p>
      </div>
      {preferences.isPending ? (
        <div className="space-y-4" role="status" aria-busy="true" aria-label="Loading notification settings">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-52 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      ) : preferences.isError ? (
        <FetchError
          title="Failed to load notification settings"
          error={preferences.error}
          onRetry={() => void preferences.refetch()}
        />
      ) : (
        <PreferencesForm saved={preferences.data} />
      )}
    </div>
  );
}
