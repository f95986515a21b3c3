import { Controller, useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { Button } from '@web/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@web/components/ui/card';
import type { ContextOrganization } from '@common/schemas/auth';
import { mainSiteHref } from '@web/lib/main-site';
import { useJoinOrganization } from '../api/join-organization';
import { AccountFields } from './account-fields';
import { TermsCheckbox } from './terms-checkbox';
import { lazyZodResolver, useLazyResolver } from '@web/lib/lazy-resolver';

const formCheck = lazyZodResolver(async () => (await import('@common/schemas/auth')).joinSchema);

/** Joining an existing organization ("Join organization"). */
export function JoinForm({ organization }: { organization: ContextOrganization }) {
  const join = useJoinOrganization(organization.shortname);
  const form = useForm({
    resolver: useLazyResolver(formCheck),
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  return (
    <Card>
      <CardHeader className="items-center text-center">
        {organization.logoUrl && (
          <img
            src={organization.logoUrl}
            alt={`${organization.name} logo`}
            className="mb-2 h-16 object-contain"
          />
        )}
        <CardTitle as="h1">Join {organization.name}</CardTitle>
        <CardDescription>Create your account to become a member.</CardDescription>
      </CardHeader>
      <form onSubmit={form.handleSubmit((values) => join.mutate(values))} noValidate>
        <CardContent className="space-y-4">
          <AccountFields register={form.register} errors={errors} confirmLabel="Confirm Password" />
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
        </CardContent>
        <CardFooter className="flex-col gap-4">
          <Button type="submit" className="w-full" disabled={join.isPending}>
            {join.isPending ? 'Joining...' : 'Join Organization'}
          </Button>
          <p className="text-center text-sm text-muted-foreground">
            Already have an account?{' '}
            <Link href="/login" className="font-medium text-primary-text hover:underline">
              Sign in
            </Link>
          </p>
          <p className="text-center text-sm text-muted-foreground">
            Want your own organization?{' '}
            {/* Only the main site registers organizations; here /register is this one's join form. */}
            <a
              href={mainSiteHref('/register', organization.shortname)}
              className="font-medium text-primary-text hover:underline"
            >
              Register a new organization
            </a>
          </p>
        </CardFooter>
      </form>
    </Card>
  );
}
