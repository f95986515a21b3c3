// The web app manifest and its icons, by the address asked (index.html links /manifest.webmanifest
// on every address): {shortname}.{domain} gets that organization's, the main site Greenroom's.
// No session is read and none is started, so these answers are the same for everyone.
import { z } from 'zod';
import { appManifestSchema } from '../../../common/schemas/admin';
import { bytesAnswer } from '../../../common/schemas/answers';
import type { App } from '../../http/types';
import { ICONS, type IconName, iconFor, lookFor, manifestFor } from './app-manifest';

export async function manifestRoutes(app: App) {
  const { database } = app.deps;

  app.get(
    '/manifest.webmanifest',
    {
      config: { access: 'public' },
      schema: {
        response: {
          200: {
            description: 'The web app manifest',
            content: { 'application/manifest+json': { schema: appManifestSchema } },
          },
        },
      },
    },
    async (request, reply) => {
      const look = await lookFor(database, request.hostContext.shortname);
      return (
        reply
          .header('content-type', 'application/manifest+json; charset=utf-8')
          // A branding change reaches installed apps within five minutes.
          .header('cache-control', 'public, max-age=300')
          .send(manifestFor(look))
      );
    },
  );

  app.get(
    '/app-icons/:name',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({ name: z.enum(Object.keys(ICONS) as [IconName, ...IconName[]]) }),
        // The manifest's ?v= names the look; a changed look has a new address.
        querystring: z.object({ v: z.string().max(64).optional() }),
        response: {
          200: bytesAnswer('image/png', "The icon, drawn from the organization's logo and colors"),
        },
      },
    },
    async (request, reply) => {
      const look = await lookFor(database, request.hostContext.shortname);
      const png = await iconFor(database, look, request.params.name);
      return reply
        .header('content-type', 'image/png')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(png);
    },
  );
}
