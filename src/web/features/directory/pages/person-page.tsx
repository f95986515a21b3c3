import { roleLabel } from '@common/permissions';
import { Mail } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { BackLink } from '@web/components/back-link';
import { NotFoundCard } from '@web/components/not-found-card';
import { PersonAvatar } from '@web/components/person-avatar';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { useAuth } from '@web/lib/session';
import { type Person, usePerson } from '../api/get-person';
import { fullName } from '../search';

/** `/directory/people/@{username}`. */
export function PersonPage() {
  const params = useParams<{ handle: string }>();
  const handle = decodeURIComponent(params.handle ?? '');
  const username = handle.startsWith('@') ? handle.slice(1) : handle;
  const { organization } = useAuth();
  const person = usePerson(organization?.id, username);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <BackLink href="/directory/people">Back to People</BackLink>
      {person.isLoading ? (
        <Card className="space-y-4 p-6" aria-busy="true">
          <div className="flex items-center gap-4">
            <Skeleton className="size-20 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-6 w-1/2" />
              <Skeleton className="h-4 w-1/3" />
            </div>
          </div>
          <Skeleton className="h-24 w-full" />
        </Card>
      ) : person.data ? (
        <PersonDetails person={person.data} />
      ) : (
        <NotFoundCard
          title="Person Not Found"
          message="The person you're looking for doesn't exist or you don't have permission to view them."
        />
      )}
    </div>
  );
}

function PersonDetails({ person }: { person: Person }) {
  const hasExtras = Boolean(person.bio) || person.roles.length > 0 || person.teams.length > 0;
  return (
    <Card>
      <CardHeader className="flex-row items-center gap-5 space-y-0">
        <PersonAvatar person={person} className="size-20 text-2xl" />
        <div className="min-w-0 space-y-1">
          <CardTitle as="h1" className="text-2xl">
            {fullName(person)}
          </CardTitle>
          <p className="text-muted-foreground">@{person.username}</p>
          <p className="flex items-center gap-2 text-sm">
            <Mail className="size-4 text-muted-foreground" aria-hidden="true" />
            <a href={`mailto:${person.email}`} className="truncate hover:underline">
              {person.email}
            </a>
          </p>
          <p className="text-sm capitalize text-muted-foreground">
            {person.organizationRole.replace(/_/g, ' ')}
          </p>
        </div>
      </CardHeader>
      <CardContent className="space-y-6">
        {!hasExtras && <p className="text-muted-foreground">No additional information available.</p>}
        {person.bio && (
          <section className="space-y-2">
            <h2 className="font-semibold">About</h2>
            <p className="whitespace-pre-line text-muted-foreground">{person.bio}</p>
          </section>
        )}
        {person.roles.length > 0 && (
          <section className="space-y-2">
            <h2 className="font-semibold">Roles</h2>
            <ul className="flex flex-wrap gap-2">
              {person.roles.map((role) => (
                <li key={role}>
                  <Badge variant="secondary">{role}</Badge>
                </li>
              ))}
            </ul>
          </section>
        )}
        {person.teams.length > 0 && (
          <section className="space-y-2">
            <h2 className="font-semibold">Team Memberships</h2>
            <ul className="divide-y rounded-md border">
              {person.teams.map((team) => (
                <li key={team.id} className="flex items-center justify-between gap-4 p-3">
                  <div className="min-w-0">
                    <Link href={`/directory/teams/${team.handle}`} className="font-medium hover:underline">
                      {team.name}
                    </Link>
                    <p className="text-sm text-muted-foreground">@{team.handle}</p>
                  </div>
                  <Badge variant={team.role === 'team_lead' ? 'default' : 'outline'}>
                    {roleLabel(team.role)}
                  </Badge>
                </li>
              ))}
            </ul>
          </section>
        )}
      </CardContent>
    </Card>
  );
}
