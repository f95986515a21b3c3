import { Bell, CircleCheck, Clock } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { Button } from '@web/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@web/components/ui/card';
import { useSupportContact } from '../api/support-contact';
import { AuthShell } from '../components/auth-shell';

const stepsFor = (joiner: boolean) => [
  {
    icon: CircleCheck,
    title: 'Application Submitted',
    text: 'We have received your registration.',
    done: true,
  },
  {
    icon: Clock,
    title: 'Under Review',
    text: joiner
      ? "The organization's administrators are reviewing your membership."
      : 'A system administrator is reviewing your organization.',
    done: false,
  },
  {
    icon: Bell,
    title: 'Notification',
    text: joiner
      ? 'You can sign in as soon as an administrator approves you.'
      : 'We will send you an email as soon as it is approved.',
    done: false,
  },
];

/**
 * After a sign-up that waits for approval: a joiner (`?org=`, or on the organization's address)
 * waits for that organization's administrators, a new organization for a system administrator.
 */
export function RegistrationPendingPage() {
  const org = new URLSearchParams(useSearch()).get('org');
  const contact = useSupportContact(org);
  const joiner = contact.data?.reviewer === 'organization';
  const STEPS = stepsFor(joiner);
  return (
    <AuthShell>
      <Card>
        <CardHeader className="text-center">
          <CardTitle as="h1">Registration Submitted</CardTitle>
          <CardDescription>
            {joiner ? 'Your membership is pending approval' : 'Your organization is pending approval'}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <ol className="space-y-4">
            {STEPS.map(({ icon: Icon, title, text, done }) => (
              <li key={title} className="flex gap-3">
                <Icon
                  className={done ? 'mt-0.5 size-5 text-success' : 'mt-0.5 size-5 text-muted-foreground'}
                  aria-hidden="true"
                />
                <div>
                  <p className="font-medium">{title}</p>
                  <p className="text-sm text-muted-foreground">{text}</p>
                </div>
              </li>
            ))}
          </ol>
          <div className="space-y-2 rounded-md bg-muted p-4 text-sm">
            <p>Review typically takes 1-2 business days.</p>
            <p>
              {joiner
                ? "Once approved, you can sign in to reach the organization's dashboard."
                : "Once approved, you can sign in to reach your organization's dashboard and invite your team members."}
            </p>
          </div>
        </CardContent>
        <CardFooter className="flex-col gap-3">
          <div className="flex w-full flex-col gap-2 sm:flex-row">
            <Button variant="outline" className="flex-1" asChild>
              <Link href="/">Return to Home</Link>
            </Button>
            <Button className="flex-1" asChild>
              <Link href="/login">Try to Login</Link>
            </Button>
          </div>
          {contact.data && (
            <p className="text-center text-xs text-muted-foreground">
              Questions about your application? Write to{' '}
              <a
                className="font-medium text-primary-text hover:underline"
                href={`mailto:${contact.data.email}`}
              >
                {contact.data.email}
              </a>
              {joiner ? ' and mention your username.' : " and mention your organization's shortname."}
            </p>
          )}
        </CardFooter>
      </Card>
    </AuthShell>
  );
}
