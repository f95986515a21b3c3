import { normalizeShortname, SHORTNAME_MAX } from '@common/shortname';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from 'wouter';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@web/components/ui/card';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { WebAddress } from '@web/components/web-address';
import { useShortnameAvailability } from '../api/check-shortname';
import { CHALLENGE_KEY } from '../api/security-challenge';
import { useRegisterOrganization } from '../api/register-organization';
import { SecurityChallengeField, type VerifiedChallenge } from './security-challenge';
import { ShortnameStatus } from './shortname-status';
import { AccountFields } from './account-fields';
import { TermsCheckbox } from './terms-checkbox';
import { lazyZodResolver, useLazyResolver, useLoadedSchema } from '@web/lib/lazy-resolver';

// The server's schema also carries the challenge; the form collects that separately. It loads
// (with zod) just after the form paints: until then the fields are empty anyway and Create
// Organization waits, as it does for any field not yet valid.
const formCheck = lazyZodResolver(async () => {
  const { registerOrganizationFields, passwordsMatch, mismatch } = await import('@common/schemas/auth');
  return registerOrganizationFields.refine(passwordsMatch, mismatch);
});
type FormSchema = Awaited<ReturnType<typeof formCheck.schema>>;

/** A shortname suggested from the organization's name until the user types their own. */
const suggestShortname = (name: string) =>
  normalizeShortname(name.trim().replace(/\s+/g, '-'))
    .slice(0, SHORTNAME_MAX)
    .replace(/^-+|-+$/g, '');

/** Every field but the terms box is valid (the terms have their own reason). */
function fieldsValidButTerms(formSchema: FormSchema, values: unknown): boolean {
  const parsed = formSchema.safeParse(values);
  return parsed.success || parsed.error.issues.every((i) => i.path[0] === 'agreeToTerms');
}

/** Why Create Organization cannot be pressed yet, in the order a person fills the form. */
function submitBlocker(state: {
  fieldsOk: boolean;
  shortnameTaken: boolean;
  verified: boolean;
  terms: boolean;
}) {
  if (!state.fieldsOk) return 'Fill in every field correctly to continue.';
  if (state.shortnameTaken) return 'This shortname is taken: choose another to continue.';
  if (!state.verified) return 'Complete the security verification to continue.';
  if (!state.terms) return 'Agree to the Terms of Service to continue.';
  return undefined;
}

export function OrganizationForm() {
  const [challenge, setChallenge] = useState<VerifiedChallenge | null>(null);
  const [formError, setFormError] = useState<string>();
  const [challengeRound, setChallengeRound] = useState(0);
  const queryClient = useQueryClient();
  const register = useRegisterOrganization({
    // The server spends the challenge on any attempt, so a failed one needs a fresh question.
    onFailure: () => {
      setChallenge(null);
      setChallengeRound((n) => n + 1);
      void queryClient.resetQueries({ queryKey: CHALLENGE_KEY });
    },
  });
  const form = useForm({
    resolver: useLazyResolver(formCheck),
    mode: 'onChange',
    defaultValues: {
      username: '',
      email: '',
      password: '',
      confirmPassword: '',
      organizationName: '',
      organizationShortname: '',
    },
  });
  const { errors, isValid, dirtyFields } = form.formState;
  const shortname = useWatch({ control: form.control, name: 'organizationShortname' }) ?? '';
  const terms = useWatch({ control: form.control, name: 'agreeToTerms' }) === true;
  const availability = useShortnameAvailability(shortname);

  const onSubmit = form.handleSubmit((values) => {
    if (!challenge) return setFormError('Please complete the security verification');
    if (availability === 'taken') return setFormError('Organization shortname is not available');
    setFormError(undefined);
    register.mutate({ ...values, challengeToken: challenge.token, challengeAnswer: challenge.answer });
  });

  const values = useWatch({ control: form.control });
  const formSchema = useLoadedSchema(formCheck);
  const whyDisabled = register.isPending
    ? undefined
    : submitBlocker({
        fieldsOk: isValid || (formSchema !== undefined && fieldsValidButTerms(formSchema, values)),
        shortnameTaken: availability === 'taken',
        verified: challenge !== null,
        terms,
      });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1">Register New Organization</CardTitle>
        <CardDescription>
          Create your organization's space. You will be its owner, with full administrative access.
        </CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate>
        <CardContent className="space-y-6">
          <section className="grid gap-4 sm:grid-cols-2" aria-labelledby="account-heading">
            <h2 id="account-heading" className="text-lg font-semibold sm:col-span-2">
              Your account
            </h2>
            <AccountFields
              register={form.register}
              errors={errors}
              confirmLabel="Verify Password"
              passwordDeps={dirtyFields.confirmPassword ? ['confirmPassword'] : []}
            />
          </section>
          <section className="grid gap-4 sm:grid-cols-2" aria-labelledby="organization-heading">
            <h2 id="organization-heading" className="text-lg font-semibold sm:col-span-2">
              Your organization
            </h2>
            <FormField
              id="organizationName"
              label="Organization Name"
              error={errors.organizationName?.message}
            >
              <Input
                autoComplete="organization"
                {...fieldA11y('organizationName', errors.organizationName?.message)}
                {...form.register('organizationName', {
                  onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
                    if (!dirtyFields.organizationShortname) {
                      form.setValue('organizationShortname', suggestShortname(e.target.value), {
                        shouldValidate: true,
                      });
                    }
                  },
                })}
              />
            </FormField>
            <Controller
              control={form.control}
              name="organizationShortname"
              render={({ field }) => (
                <FormField
                  id="organizationShortname"
                  label="Organization Shortname"
                  error={errors.organizationShortname?.message}
                  description={
                    shortname ? (
                      <>
                        Your address:{' '}
                        <WebAddress
                          address={`${shortname}.${window.location.host}`}
                          data-testid="signup-address"
                        />
                      </>
                    ) : undefined
                  }
                >
                  <Input
                    {...fieldA11y('organizationShortname', errors.organizationShortname?.message)}
                    autoComplete="off"
                    spellCheck={false}
                    maxLength={SHORTNAME_MAX}
                    value={field.value}
                    name={field.name}
                    ref={field.ref}
                    onBlur={field.onBlur}
                    onChange={(e) => field.onChange(normalizeShortname(e.target.value))}
                  />
                  <ShortnameStatus status={availability} />
                </FormField>
              )}
            />
          </section>
          <SecurityChallengeField key={challengeRound} verified={challenge} onVerified={setChallenge} />
          <Controller
            control={form.control}
            name="agreeToTerms"
            render={({ field }) => (
              <TermsCheckbox
                checked={field.value === true}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.agreeToTerms?.message}
              />
            )}
          />
          {formError && (
            <Alert variant="destructive">
              <AlertDescription>{formError}</AlertDescription>
            </Alert>
          )}
        </CardContent>
        <CardFooter className="flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" asChild>
            <Link href="/">Cancel</Link>
          </Button>
          {whyDisabled && (
            <p id="create-organization-why" className="text-sm text-muted-foreground sm:mr-auto">
              {whyDisabled}
            </p>
          )}
          <Button
            type="submit"
            disabled={register.isPending || whyDisabled !== undefined}
            aria-describedby={whyDisabled ? 'create-organization-why' : undefined}
          >
            {register.isPending ? 'Creating...' : 'Create Organization'}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
