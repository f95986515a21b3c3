import { eventTypeLabel } from '@common/glossary';
import { CalendarX, MapPin } from 'lucide-react';
import { useEffect } from 'react';
import { useParams } from 'wouter';
import { applyBranding, type Branding, brandingOf, resolveTheme } from '@web/lib/branding';
import { useAuth } from '@web/lib/session';
import { Card, CardContent } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { usePublicCalendar } from '../api/public';
import type { PublicEvent } from '@common/schemas/calendar';
import { formatLongDay, formatTimeRange, wallDate } from '../lib/dates';

const prefersDark = () => window.matchMedia('(prefers-color-scheme: dark)').matches;

/**
 * Dresses the page in the organization's colours and light/dark theme while it shows, and gives
 * the visitor's own organization (if any) its look back afterwards.
 */
function useOrganizationLook(branding: Branding | undefined) {
  const { organization } = useAuth();
  useEffect(() => {
    if (!branding) return;
    const root = document.documentElement;
    applyBranding(root, branding, resolveTheme(branding.theme, prefersDark()));
    return () => {
      const own = brandingOf(organization);
      applyBranding(root, own, resolveTheme(own?.theme, prefersDark()));
    };
  }, [branding, organization]);
}

/** /public/{orgShortname}/calendar: no login, upcoming events by date. */
export function PublicCalendarPage() {
  const { orgShortname = '' } = useParams<{ orgShortname: string }>();
  const calendar = usePublicCalendar(orgShortname);
  useOrganizationLook(calendar.data?.organization);
  if (calendar.isLoading) {
    return (
      <div className="mx-auto max-w-3xl space-y-4 p-6">
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (calendar.isError || !calendar.data) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-3 p-16 text-center">
        <CalendarX aria-hidden="true" className="size-10 text-muted-foreground" />
        <h1 className="text-2xl font-bold">Calendar Not Found</h1>
        <p className="text-muted-foreground">There is no public calendar at this address.</p>
      </div>
    );
  }
  const { organization, events } = calendar.data;
  const groups = new Map<string, PublicEvent[]>();
  for (const e of events)
    groups.set(wallDate(e.startDateTime), [...(groups.get(wallDate(e.startDateTime)) ?? []), e]);
  return (
    <div className="min-h-screen bg-background">
      <header className="border-b border-primary/40 bg-primary/10">
        <div className="mx-auto flex max-w-3xl items-center gap-4 p-6">
          {organization.logoUrl && (
            <img src={organization.logoUrl} alt="" className="size-16 rounded-lg object-contain" />
          )}
          <div>
            <h1 className="text-3xl font-bold text-primary-text [overflow-wrap:anywhere]">
              {organization.name}
            </h1>
            {organization.description && <p className="text-muted-foreground">{organization.description}</p>}
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-3xl space-y-6 p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-xl font-semibold">Upcoming Events</h2>
          <div className="flex gap-4">
            <a
              className="text-sm text-primary-text underline"
              href={`/public/${encodeURIComponent(orgShortname)}/library`}
            >
              Library
            </a>
            <a
              className="text-sm text-primary-text underline"
              href={`/api/public/${encodeURIComponent(orgShortname)}/calendar.ics`}
            >
              Subscribe (iCalendar)
            </a>
          </div>
        </div>
        {events.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-12 text-center">
            <CalendarX aria-hidden="true" className="size-8 text-muted-foreground" />
            <p className="font-semibold">No Events Scheduled</p>
            <p className="text-sm text-muted-foreground">Check back soon for upcoming shows and classes.</p>
          </div>
        ) : (
          [...groups].map(([day, list]) => (
            <section key={day} aria-label={formatLongDay(day)} className="space-y-2">
              <h3 className="text-sm font-semibold text-muted-foreground">{formatLongDay(day)}</h3>
              {list.map((e) => (
                <Card key={e.id}>
                  <CardContent className="flex flex-wrap items-start justify-between gap-2 p-4">
                    <div className="min-w-0">
                      <p className="font-semibold">{e.name}</p>
                      {e.description && <p className="text-sm text-muted-foreground">{e.description}</p>}
                      <p className="mt-1 flex items-center gap-1 text-sm text-muted-foreground">
                        <MapPin aria-hidden="true" className="size-3.5" /> {e.spaces.join(', ') || 'TBD'}
                      </p>
                    </div>
                    <div className="text-right text-sm">
                      <p className="font-medium">{formatTimeRange(e.startDateTime, e.endDateTime)}</p>
                      <p className="text-muted-foreground">{eventTypeLabel(e.eventType)}</p>
                      {e.eventUrl && (
                        <a
                          href={e.eventUrl}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="text-primary-text underline"
                        >
                          Details
                        </a>
                      )}
                    </div>
                  </CardContent>
                </Card>
              ))}
            </section>
          ))
        )}
      </main>
    </div>
  );
}
