import { webHref } from '@common/links';
import type { TeamSummary } from '@common/schemas/teams';
import { displayName, TEAM_CARD_AVATARS, TEAM_HEADER_ASPECT } from '@common/teams';
import { ExternalLink, Users } from 'lucide-react';
import { Link } from 'wouter';
import { PersonAvatar } from '@web/components/person-avatar';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatNumber } from '@web/lib/format';

const bannerStyle = { aspectRatio: String(TEAM_HEADER_ASPECT) };

/** A team in the Teams tab. */
export function TeamCard({ team }: { team: TeamSummary }) {
  const overflow = team.memberCount - team.memberPreview.length;
  return (
    <Card className="flex h-full flex-col overflow-hidden" data-testid="team-card">
      {team.headerImage ? (
        <img src={team.headerImage} alt="" className="w-full object-cover" style={bannerStyle} />
      ) : (
        <div className="flex w-full items-center justify-center bg-primary/10" style={bannerStyle}>
          <Users className="size-10 text-primary-text" aria-hidden="true" />
        </div>
      )}
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-2">
          <h2 className="min-w-0 text-lg font-semibold leading-tight [overflow-wrap:anywhere]">
            {team.name}
          </h2>
          {team.archivedAt && <Badge variant="outline">Disabled</Badge>}
        </div>
        {team.description ? (
          <p className="line-clamp-3 text-sm text-muted-foreground [overflow-wrap:anywhere]">
            {team.description}
          </p>
        ) : (
          <p className="text-sm italic text-muted-foreground">No description provided</p>
        )}
        <div className="space-y-2">
          <p className="text-sm font-medium">Members ({formatNumber(team.memberCount)})</p>
          {team.memberCount > 0 && (
            <ul className="flex flex-wrap items-center -space-x-1" aria-label={`Members of ${team.name}`}>
              {team.memberPreview.slice(0, TEAM_CARD_AVATARS).map((m) => (
                <li key={m.userId} title={displayName(m)}>
                  <PersonAvatar
                    person={m}
                    alt={displayName(m)}
                    className="size-8 border-2 border-card text-xs"
                  />
                  <span className="sr-only">{displayName(m)}</span>
                </li>
              ))}
              {overflow > 0 && (
                <li>
                  <span className="flex size-8 items-center justify-center rounded-full border-2 border-card bg-muted text-xs font-medium">
                    +{overflow}
                  </span>
                  <span className="sr-only">and {overflow} more</span>
                </li>
              )}
            </ul>
          )}
        </div>
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
          <Badge variant="secondary">
            {formatNumber(team.assetCount)} {team.assetCount === 1 ? 'asset' : 'assets'}
          </Badge>
          {team.teamUrl && (
            <a
              href={webHref(team.teamUrl)}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 text-sm text-primary-text hover:underline"
            >
              <ExternalLink className="size-3.5" aria-hidden="true" />
              Team website
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          )}
        </div>
        <Button asChild variant="outline" className="w-full">
          <Link
            href={`/directory/teams/${encodeURIComponent(team.handle)}`}
            aria-label={`View details of ${team.name}`}
          >
            View Details
          </Link>
        </Button>
      </div>
    </Card>
  );
}

export function TeamCardSkeleton() {
  return (
    <Card className="overflow-hidden">
      <Skeleton className="w-full rounded-none" style={bannerStyle} />
      <div className="space-y-3 p-5">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-3 w-full" />
        <Skeleton className="h-3 w-4/5" />
        <div className="flex -space-x-2">
          {[1, 2, 3, 4].map((n) => (
            <Skeleton key={n} className="size-8 rounded-full" />
          ))}
        </div>
        <Skeleton className="h-10 w-full" />
      </div>
    </Card>
  );
}
