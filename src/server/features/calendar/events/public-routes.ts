// The public calendar: anyone, no login, approved organizations only;
// and the same events as an iCalendar subscription (beyond the spec).
import { z } from 'zod';
import { textAnswer } from '../../../../common/schemas/answers';
import { shortnameSchema } from '../../../../common/schemas/auth';
import { publicCalendarSchema } from '../../../../common/schemas/calendar';
import { notFound } from '../../../http/errors';
import { sendJsonText } from '../../../http/json-text';
import type { App } from '../../../http/types';
import { feedEvents, feedWindow, renderFeed } from '../feeds/feeds';
import { listPublicEventsJson } from './queries';
import { ensureMaterialized } from '../series/series';

const params = z.object({ orgShortname: z.string().max(60) });
export const CALENDAR_NOT_FOUND = 'Calendar Not Found';
const DAY_MS = 86_400_000;

interface PublicOrg {
  id: number;
  name: string;
  description: string | null;
  logoUrl: string | null;
  primaryColor: string;
  secondaryColor: string;
  accentColor: string;
  backgroundColor: string;
  textColor: string;
  theme: string;
  timezone: string;
  shortname: string;
}

export async function publicRoutes(app: App) {
  const { database, config } = app.deps;

  const organization = async (shortname: string): Promise<PublicOrg> => {
    if (!shortnameSchema.safeParse(shortname.toLowerCase()).success) throw notFound(CALENDAR_NOT_FOUND);
    const [org] = await database.query<PublicOrg>(
      `select id, name, description, logo_url as "logoUrl", primary_color as "primaryColor",
              secondary_color as "secondaryColor", accent_color as "accentColor",
              background_color as "backgroundColor", text_color as "textColor", theme, timezone, shortname
       from organizations where shortname = $1 and approval_status = 'approved'`,
      [shortname.toLowerCase()],
    );
    if (!org) throw notFound(CALENDAR_NOT_FOUND);
    return org;
  };

  app.get(
    '/api/public/:orgShortname/calendar',
    { config: { access: 'public' }, schema: { params, response: { 200: publicCalendarSchema } } },
    async (request, reply) => {
      const org = await organization(request.params.orgShortname);
      const from = new Date();
      const to = new Date(from.getTime() + 366 * DAY_MS);
      await ensureMaterialized(database, org.id, to);
      const events = await listPublicEventsJson(database, {
        organizationId: org.id,
        timeZone: org.timezone,
        from,
        to,
      });
      const head = JSON.stringify({
        name: org.name,
        description: org.description,
        logoUrl: org.logoUrl,
        primaryColor: org.primaryColor,
        // The page follows the organization's look (colours and light/dark theme), like its app.
        secondaryColor: org.secondaryColor,
        accentColor: org.accentColor,
        backgroundColor: org.backgroundColor,
        textColor: org.textColor,
        theme: org.theme,
        timeZone: org.timezone,
      });
      reply.header('cache-control', 'public, max-age=60');
      return sendJsonText(reply, `{"organization":${head},"events":${events}}`);
    },
  );

  app.get(
    '/api/public/:orgShortname/calendar.ics',
    {
      config: { access: 'public' },
      schema: {
        params,
        response: { 200: textAnswer('text/calendar', 'The public events as an iCalendar feed') },
      },
    },
    async (request, reply) => {
      const org = await organization(request.params.orgShortname);
      const window = feedWindow();
      await ensureMaterialized(database, org.id, window.to);
      const events = await feedEvents(database, org.id, window, null);
      const body = renderFeed(
        org.name,
        org.timezone,
        `${org.shortname}.${config.baseDomain}`,
        events,
        org.description ?? undefined,
      );
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `inline; filename="${org.shortname}.ics"`)
        .header('cache-control', 'public, max-age=300')
        .send(body);
    },
  );
}
