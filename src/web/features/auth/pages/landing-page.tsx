import { CalendarDays, Globe, ShieldCheck, Theater, Users, Workflow } from 'lucide-react';
import { Link, Redirect } from 'wouter';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FullPageSpinner } from '@web/components/ui/spinner';
import { useAuth } from '@web/lib/session';
import { hostLabel } from '@web/lib/main-site';
import type { ContextOrganization } from '@common/schemas/auth';
import { useOrganizationContext } from '../api/organization-context';
import { UnknownOrganization } from '../components/unknown-organization';

const FEATURES = [
  {
    icon: Users,
    title: 'User management',
    text: 'Invite your company and give each person role-based permissions.',
  },
  {
    icon: Globe,
    title: 'Your own address',
    text: 'Every organization gets a branded sub-address for its members.',
  },
  {
    icon: ShieldCheck,
    title: 'Role-based security',
    text: 'Five permission levels, from standard user to organization owner.',
  },
  { icon: CalendarDays, title: 'Scheduling', text: 'Shows, classes and rehearsals on one shared calendar.' },
  { icon: Theater, title: 'Staff management', text: 'A directory of people and teams, from cast to crew.' },
  {
    icon: Workflow,
    title: 'Production workflows',
    text: 'A shared library keeps every production on the same page.',
  },
];

function MainSiteHero() {
  return (
    <section className="mx-auto max-w-4xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold tracking-tight sm:text-5xl">Theater management, all in one place</h1>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">
        Greenroom brings your people, schedules and production knowledge together, for companies, schools and
        community theaters.
      </p>
      <div className="mt-10 flex flex-col justify-center gap-4 sm:flex-row">
        <Button size="xl" asChild>
          <Link href="/register">Create Organization</Link>
        </Button>
        <Button size="xl" variant="outline" asChild>
          <Link href="/login">Sign In</Link>
        </Button>
      </div>
      <ul className="mt-16 grid gap-6 text-left sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <li key={title}>
            <Card className="h-full">
              <CardHeader>
                <Icon className="size-6 text-primary-text" aria-hidden="true" />
                <CardTitle as="h2" className="text-lg">
                  {title}
                </CardTitle>
                <CardDescription>{text}</CardDescription>
              </CardHeader>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

function OrganizationLogin({ organization }: { organization: ContextOrganization }) {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center px-4 py-16">
      <Card className="w-full">
        <CardHeader className="items-center text-center">
          {organization.logoUrl && (
            <img
              src={organization.logoUrl}
              alt={`${organization.name} logo`}
              className="mb-2 h-16 object-contain"
            />
          )}
          <CardTitle as="h1">Organization Login</CardTitle>
          <CardDescription>Sign in to {organization.name} organization</CardDescription>
        </CardHeader>
        <CardContent>
          <Button className="w-full" size="lg" asChild>
            <Link href="/login">Sign In</Link>
          </Button>
        </CardContent>
      </Card>
    </section>
  );
}

/** `/`: the main site's welcome, or an organization's sign-in card on its sub-address. */
export function LandingPage() {
  const auth = useAuth();
  const context = useOrganizationContext();
  if (auth.isLoading || context.isLoading) return <FullPageSpinner label="Loading" />;
  if (auth.isAuthenticated) return <Redirect to="/dashboard" replace />;

  const isMainSite = context.data?.isSystemDomain ?? true;
  const organization = isMainSite ? null : (context.data?.organization ?? null);
  return (
    <div className="min-h-screen bg-background">
      <header className="border-b">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:px-4">
          <span className="flex min-w-0 items-center gap-2 text-lg font-bold sm:text-xl">
            <Theater className="size-7 text-primary-text" aria-hidden="true" />
            Greenroom
          </span>
          <nav aria-label="Account" className="flex shrink-0 gap-1 sm:gap-2">
            <Button variant="ghost" className="px-3 sm:px-4" asChild>
              <Link href="/login">Sign In</Link>
            </Button>
            {isMainSite && (
              <Button className="px-3 sm:px-4" asChild>
                <Link href="/register">Get Started</Link>
              </Button>
            )}
          </nav>
        </div>
      </header>
      <main>
        {organization ? (
          <OrganizationLogin organization={organization} />
        ) : isMainSite ? (
          <MainSiteHero />
        ) : (
          // An address no organization answers to: say so instead of passing for the main site.
          <section className="mx-auto max-w-md px-4 py-16">
            <UnknownOrganization name={hostLabel()} onOrganizationAddress context={context.data} />
          </section>
        )}
      </main>
    </div>
  );
}
