// A team's header image and files. Images are decoded and re-encoded before they are kept; other
// files are kept as-is and only ever go out as downloads, never rendered by the browser.
import { bytesAnswer, messageSchema } from '../../../common/schemas/answers';
import { headerImageSchema, teamAssetSchema } from '../../../common/schemas/teams';
import { TEAM_ASSET_MAX_BYTES, TEAM_HEADER_MAX_BYTES } from '../../../common/teams';
import { notFound } from '../../http/errors';
import { idSchema } from '../../http/params';
import type { App } from '../../http/types';
import { readUpload } from '../../http/upload';
import { readFile } from '../files';
import { managedTeam, teamAccessOf, visibleTeam } from './access';
import { teamAsset } from './queries';
import { teamParams } from './routes';
import { addAsset, deleteAsset, removeHeaderImage, setHeaderImage } from './service';

const assetParams = teamParams.extend({ assetId: idSchema });
const headerImage = headerImageSchema;

/** attachment; filename="ascii fallback"; filename*=UTF-8''percent-encoded (RFC 6266 / 5987). */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

// Every write here is to a team's pictures and files (people).
const teamWrites = { writes: ['people'] } as const;

export async function teamAssetRoutes(app: App) {
  const { database } = app.deps;

  app.post(
    '/api/teams/:teamId/header-image',
    {
      config: { ...teamWrites, access: { object: managedTeam } },
      schema: { params: teamParams, response: { 200: headerImage } },
    },
    async (request) => {
      const { organizationId, team, actor } = teamAccessOf(request);
      const upload = await readUpload(request, 'headerImage', TEAM_HEADER_MAX_BYTES);
      return setHeaderImage(database, organizationId, team.id, upload.data, actor.userId);
    },
  );

  app.delete(
    '/api/teams/:teamId/header-image',
    {
      config: { ...teamWrites, access: { object: managedTeam } },
      schema: { params: teamParams, response: { 200: headerImage } },
    },
    async (request) => {
      const { organizationId, team } = teamAccessOf(request);
      return removeHeaderImage(database, organizationId, team.id);
    },
  );

  app.post(
    '/api/teams/:teamId/assets',
    {
      config: { ...teamWrites, access: { object: managedTeam } },
      schema: { params: teamParams, response: { 201: teamAssetSchema } },
    },
    async (request, reply) => {
      const { organizationId, team, actor } = teamAccessOf(request);
      const upload = await readUpload(request, 'file', TEAM_ASSET_MAX_BYTES);
      return reply.code(201).send(await addAsset(database, organizationId, team.id, upload, actor.userId));
    },
  );

  app.delete(
    '/api/teams/:teamId/assets/:assetId',
    {
      config: { ...teamWrites, access: { object: managedTeam } },
      schema: { params: assetParams, response: { 200: messageSchema } },
    },
    async (request) => {
      const { organizationId, team } = teamAccessOf(request);
      await deleteAsset(database, organizationId, team.id, request.params.assetId);
      return { message: 'Asset deleted' };
    },
  );

  app.get(
    '/api/teams/:teamId/assets/:assetId/download',
    {
      config: { access: { object: visibleTeam } },
      schema: {
        params: assetParams,
        response: {
          200: bytesAnswer('application/octet-stream', 'The file as it was uploaded, as a download'),
        },
      },
    },
    async (request, reply) => {
      const { organizationId, team } = teamAccessOf(request);
      const found = await teamAsset(database, organizationId, team.id, request.params.assetId);
      const file = found?.fileId ? await readFile(database, found.fileId) : null;
      if (!found || !file || file.organizationId !== organizationId) throw notFound('Asset not found');
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', attachmentDisposition(found.asset.originalName))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
  );
}
