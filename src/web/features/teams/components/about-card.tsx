import { formatInstant } from '@common/format-date';
import { linkKind, linkLabel, webHref } from '@common/links';
import type { TeamDetail } from '@common/schemas/teams';
import { CalendarDays, ExternalLink, Pencil } from 'lucide-react';
import { lazy, useState } from 'react';
import { MountWhenOpened } from '@web/components/mount-when-opened';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { useAuth } from '@web/lib/session';
import { SiteIcon } from './site-icon';

// Loaded on first opening (MountWhenOpened), not with the page.
const EditAboutDialog = lazy(async () => ({
  default: (await import('./edit-about-dialog')).EditAboutDialog,
}));

function useShowFormat() {
  const { organization } = useAuth();
  return { format: (value: string | Date) => formatInstant(value, 'weekdayTime', organization?.timezone) };
}

/** About: description, links labelled by site, and the team's next shows. */
export function AboutCard({ team, canManage }: { team: TeamDetail; canManage: boolean }) {
  const [editing, setEditing] = useState(false);
  const format = useShowFormat();
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between space-y-0">
        <CardTitle as="h2" className="text-xl">
          About
        </CardTitle>
        {canManage && (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            Edit About
          </Button>
        )}
      </CardHeader>
      <CardContent className="space-y-5">
        {team.description ? (
          <p className="whitespace-pre-line [overflow-wrap:anywhere]">{team.description}</p>
        ) : (
          <p className="italic text-muted-foreground">No description provided</p>
        )}
        {(team.teamUrl || team.links.length > 0) && (
          <ul className="space-y-2" aria-label="Links">
            {team.teamUrl && (
              <li>
                <a
                  href={webHref(team.teamUrl)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex max-w-full items-center gap-2 text-primary-text [overflow-wrap:anywhere] hover:underline"
                >
                  <ExternalLink className="size-4" aria-hidden="true" />
                  Team website
                </a>
              </li>
            )}
            {team.links.map((link) => (
              <li key={link.id}>
                <a
                  href={webHref(link.url)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex max-w-full items-center gap-2 text-primary-text [overflow-wrap:anywhere] hover:underline"
                >
                  <SiteIcon site={linkKind(link.url).site} />
                  {linkLabel(link)}
                </a>
              </li>
            ))}
          </ul>
        )}
        <section aria-labelledby="upcoming-shows" className="space-y-2">
          <h3 id="upcoming-shows" className="font-semibold">
            Upcoming Shows
          </h3>
          {team.upcomingShows.length === 0 ? (
            <p className="text-sm text-muted-foreground">No upcoming shows</p>
          ) : (
            <ul className="space-y-2">
              {team.upcomingShows.map((show) => (
                <li key={show.id} className="flex items-start gap-3 rounded-md border p-3">
                  <CalendarDays className="mt-0.5 size-4 text-primary-text" aria-hidden="true" />
                  <div className="min-w-0">
                    <p className="font-medium [overflow-wrap:anywhere]">{show.name}</p>
                    <p className="text-sm text-muted-foreground">
                      <time dateTime={show.startDateTime}>{format.format(new Date(show.startDateTime))}</time>
                      {show.spaces.length > 0 && ` · ${show.spaces.join(', ')}`}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </CardContent>
      {canManage && (
        <MountWhenOpened open={editing}>
          <EditAboutDialog team={team} open={editing} onOpenChange={setEditing} />
        </MountWhenOpened>
      )}
    </Card>
  );
}
