import type { Branding } from '@common/schemas/admin';
import { BRANDING_DEFAULTS, THEMES } from '@common/admin';
import { MAX_CUSTOM_CSS } from '@common/custom-css';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FieldError, FormField, fieldA11y } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { Textarea } from '@web/components/ui/textarea';
import { lazyZodResolver, useLazyResolver } from '@web/lib/lazy-resolver';
import { useAuth } from '@web/lib/session';
import { useBranding, useUpdateBranding } from '../api/branding';
import { AdminAccess } from '../components/admin-access';
import { BrandImageField } from '../components/brand-image-field';
import { BrandingPreview } from '../components/branding-preview';
import { ContrastReport } from '../components/contrast-report';

const COLORS = [
  { name: 'primaryColor', label: 'Primary Color', hint: 'Buttons, links and highlights' },
  { name: 'secondaryColor', label: 'Secondary Color', hint: 'Secondary buttons' },
  { name: 'accentColor', label: 'Accent Color', hint: 'Badges and accents' },
  { name: 'backgroundColor', label: 'Background Color', hint: 'Page background (light theme)' },
  { name: 'textColor', label: 'Text Color', hint: 'Body text (light theme)' },
] as const;

const THEME_LABEL: Record<(typeof THEMES)[number], { label: string; hint: string }> = {
  light: { label: 'Light', hint: 'Always light' },
  dark: { label: 'Dark', hint: 'Always dark' },
  auto: { label: 'Auto', hint: "Follows each member's device" },
};

interface BrandingForm {
  primaryColor: string;
  secondaryColor: string;
  accentColor: string;
  backgroundColor: string;
  textColor: string;
  theme: (typeof THEMES)[number];
  customCss: string;
}

const formCheck = lazyZodResolver(async () =>
  (await import('@common/schemas/admin')).brandingSchema.pick({
    primaryColor: true,
    secondaryColor: true,
    accentColor: true,
    backgroundColor: true,
    textColor: true,
    theme: true,
    customCss: true,
  }),
);

function toForm(b: Branding): BrandingForm {
  return {
    primaryColor: b.primaryColor,
    secondaryColor: b.secondaryColor,
    accentColor: b.accentColor,
    backgroundColor: b.backgroundColor,
    textColor: b.textColor,
    theme: (THEMES as readonly string[]).includes(b.theme) ? b.theme : 'light',
    customCss: b.customCss ?? '',
  };
}

function ColorField({
  name,
  label,
  hint,
  value,
  error,
  onChange,
}: {
  name: string;
  label: string;
  hint: string;
  value: string;
  error?: string;
  onChange: (v: string) => void;
}) {
  const id = `brand-${name}`;
  const valid = /^#[0-9a-f]{6}$/i.test(value);
  return (
    <FormField id={id} label={label} error={error} description={hint}>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label} picker`}
          className="h-10 w-12 cursor-pointer rounded-md border bg-background p-1"
          value={valid ? value : '#000000'}
          onChange={(e) => onChange(e.target.value)}
        />
        <Input
          {...fieldA11y(id, error)}
          className="font-mono"
          maxLength={7}
          value={value}
          onChange={(e) => onChange(e.target.value.trim())}
        />
      </div>
    </FormField>
  );
}

function BrandingEditor({ organizationId, branding }: { organizationId: number; branding: Branding }) {
  const { organization } = useAuth();
  const update = useUpdateBranding(organizationId);
  const remove = useUpdateBranding(organizationId);
  const form = useForm({ resolver: useLazyResolver(formCheck), defaultValues: toForm(branding) });
  // A logo upload refreshes the branding; edits not yet saved are kept.
  useEffect(() => form.reset(toForm(branding), { keepDirtyValues: true }), [branding, form]);
  const { errors, isDirty } = form.formState;
  const values = form.watch();

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <div className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Assets</CardTitle>
            <CardDescription>Shown in the header, the browser tab and the public calendar.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6 md:grid-cols-2">
            <BrandImageField
              organizationId={organizationId}
              kind="logo"
              label="Logo"
              hint="PNG, JPG, GIF or WebP up to 5MB (SVG is not accepted)."
              url={branding.logoUrl}
              removing={remove.isPending}
              onRemove={() => remove.mutate({ logoUrl: '' })}
            />
            <BrandImageField
              organizationId={organizationId}
              kind="favicon"
              label="Favicon"
              hint="A square PNG (32x32 works best) up to 5MB. ICO is not accepted."
              url={branding.favicon}
              removing={remove.isPending}
              onRemove={() => remove.mutate({ favicon: '' })}
            />
          </CardContent>
        </Card>

        <form className="space-y-6" noValidate onSubmit={form.handleSubmit((v) => update.mutate(v))}>
          <Card>
            <CardHeader>
              <CardTitle as="h2">Colors</CardTitle>
              <CardDescription>Hex colors such as #6b46c1. The preview updates as you type.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4 md:grid-cols-2">
              {COLORS.map((c) => (
                <Controller
                  key={c.name}
                  control={form.control}
                  name={c.name}
                  render={({ field }) => (
                    <ColorField
                      name={c.name}
                      label={c.label}
                      hint={c.hint}
                      value={field.value}
                      error={errors[c.name]?.message}
                      onChange={field.onChange}
                    />
                  )}
                />
              ))}
              <ContrastReport colors={values} />
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle as="h2">Theme</CardTitle>
              <CardDescription>Light, dark, or following each member&apos;s device setting.</CardDescription>
            </CardHeader>
            <CardContent>
              <Controller
                control={form.control}
                name="theme"
                render={({ field }) => (
                  <fieldset>
                    <legend className="sr-only">Theme</legend>
                    <div className="grid gap-3 sm:grid-cols-3">
                      {THEMES.map((t) => (
                        <label
                          key={t}
                          className="flex cursor-pointer items-start gap-3 rounded-md border p-3 has-[:checked]:border-primary has-[:checked]:ring-2 has-[:checked]:ring-primary/30 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
                        >
                          <input
                            type="radio"
                            name="theme"
                            value={t}
                            checked={field.value === t}
                            onChange={() => field.onChange(t)}
                            className="mt-1 accent-[var(--brand-primary)]"
                          />
                          <span>
                            <span className="block font-medium">{THEME_LABEL[t].label}</span>
                            <span className="block text-sm text-muted-foreground">{THEME_LABEL[t].hint}</span>
                          </span>
                        </label>
                      ))}
                    </div>
                  </fieldset>
                )}
              />
              <FieldError id="brand-theme" message={errors.theme?.message} />
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle as="h2">Custom CSS</CardTitle>
              <CardDescription>
                Extra styles for your organization&apos;s pages, applied after saving. Styles only: @import,
                url() other than embedded images, and anything script-like are refused.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <FormField id="brand-css" label="Custom CSS" error={errors.customCss?.message}>
                <Textarea
                  rows={8}
                  spellCheck={false}
                  className="font-mono text-xs"
                  maxLength={MAX_CUSTOM_CSS}
                  placeholder=".card { border-radius: 0; }"
                  {...fieldA11y('brand-css', errors.customCss?.message)}
                  {...form.register('customCss')}
                />
              </FormField>
            </CardContent>
          </Card>

          <div className="flex flex-wrap justify-end gap-2">
            <Button
              variant="outline"
              onClick={() => {
                for (const [k, v] of Object.entries(BRANDING_DEFAULTS)) {
                  form.setValue(k as keyof BrandingForm, v, { shouldDirty: true, shouldValidate: true });
                }
              }}
            >
              Reset to Defaults
            </Button>
            <Button
              variant="outline"
              disabled={!isDirty || update.isPending}
              onClick={() => form.reset(toForm(branding))}
            >
              Discard Changes
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save Branding'}
            </Button>
          </div>
        </form>
      </div>

      <aside className="space-y-2 lg:sticky lg:top-20 lg:self-start" aria-label="Live preview">
        <h2 className="font-semibold">Live Preview</h2>
        <BrandingPreview
          name={organization?.name ?? 'Your organization'}
          branding={{ ...values, logoUrl: branding.logoUrl }}
        />
        <p className="text-xs text-muted-foreground">
          Save to apply these colors across the app for every member.
        </p>
      </aside>
    </div>
  );
}

function BrandingScreen({ organizationId }: { organizationId: number }) {
  const branding = useBranding(organizationId);
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Branding</h1>
        <p className="text-muted-foreground">
          Your logo, colors and theme, for every member and the public calendar.
        </p>
      </div>
      {branding.isLoading ? (
        <div className="grid gap-6 lg:grid-cols-[1fr_22rem]" aria-busy="true">
          <Skeleton className="h-96 w-full" />
          <Skeleton className="h-72 w-full" />
        </div>
      ) : branding.isError || !branding.data ? (
        <Alert variant="destructive">
          <AlertTitle>Error</AlertTitle>
          <AlertDescription>Failed to load branding. Please try again later.</AlertDescription>
        </Alert>
      ) : (
        <BrandingEditor organizationId={organizationId} branding={branding.data} />
      )}
    </div>
  );
}

/** `/admin/branding`. */
export function BrandingPage() {
  return (
    <AdminAccess need="settings">
      {(organizationId) => <BrandingScreen organizationId={organizationId} />}
    </AdminAccess>
  );
}
