// Organization settings, branding, brand images and the custom stylesheet.
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  type BrandImageAnswer,
  brandImageAnswerSchemas,
  brandingPatchSchema,
  brandingResponseSchema,
  organizationSettingsPatchSchema,
  organizationSettingsResponseSchema,
  publicBrandingSchema,
} from '../../../common/schemas/admin';
import { textAnswer } from '../../../common/schemas/answers';
import { notFound } from '../../http/errors';
import { accessOf } from '../../http/access';
import { orgParams } from '../../http/params';
import type { App } from '../../http/types';
import { readUpload } from '../../http/upload';
import { MAX_IMAGE_BYTES } from '../files';
import { findPublicBranding } from './queries';
import {
  type BrandImageKind,
  getBranding,
  getSettings,
  servableCss,
  updateBranding,
  updateSettings,
  uploadBrandImage,
} from './service';

const publicParams = z.object({ orgShortname: z.string().min(1).max(50) });
const customCssAnswer = textAnswer(
  'text/css',
  "The organization's custom stylesheet, checked again as it is served",
);

// The stylesheet can only style: even opened directly it may load and run nothing.
function sendCss(reply: FastifyReply, css: string, cacheControl: string) {
  return reply
    .header('content-type', 'text/css; charset=utf-8')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; img-src data:; sandbox")
    .header('cache-control', cacheControl)
    .send(css);
}

export async function orgSettingsRoutes(app: App) {
  const { database } = app.deps;

  app.get(
    '/api/organizations/:orgId/settings',
    {
      config: { access: { organization: 'path', may: 'manageSettings' } },
      schema: { params: orgParams, response: { 200: organizationSettingsResponseSchema } },
    },
    async (request) => getSettings(database, accessOf(request).organizationId),
  );

  app.patch(
    '/api/organizations/:orgId',
    {
      config: { access: { organization: 'path', may: 'manageSettings' } },
      schema: {
        params: orgParams,
        body: organizationSettingsPatchSchema,
        response: { 200: organizationSettingsResponseSchema },
      },
    },
    async (request) => {
      const { organizationId, actor } = accessOf(request);
      return updateSettings(database, organizationId, actor, request.body);
    },
  );

  app.get(
    '/api/organizations/:orgId/branding',
    {
      config: { access: { organization: 'path' } },
      schema: { params: orgParams, response: { 200: brandingResponseSchema } },
    },
    async (request) => getBranding(database, accessOf(request).organizationId),
  );

  app.put(
    '/api/organizations/:orgId/branding',
    {
      config: { access: { organization: 'path', may: 'manageSettings' } },
      schema: { params: orgParams, body: brandingPatchSchema, response: { 200: brandingResponseSchema } },
    },
    async (request) => {
      const { organizationId, actor } = accessOf(request);
      return updateBranding(database, organizationId, actor, request.body);
    },
  );

  const upload = (
    kind: BrandImageKind,
    field: 'logo' | 'favicon',
    answer: (url: string) => BrandImageAnswer,
  ) =>
    app.post(
      `/api/organizations/:orgId/upload-${kind}`,
      {
        config: { access: { organization: 'path', may: 'manageSettings' } },
        schema: { params: orgParams, response: { 200: brandImageAnswerSchemas[kind] } },
      },
      async (request) => {
        const { organizationId, actor } = accessOf(request);
        const file = await readUpload(request, field, MAX_IMAGE_BYTES, 'Please choose an image to upload');
        const url = await uploadBrandImage(database, organizationId, actor, kind, file);
        return answer(url);
      },
    );
  upload('logo', 'logo', (url) => ({ logoUrl: url }));
  upload('favicon', 'favicon', (url) => ({ favicon: url }));

  // Linked from every page of the organization as /api/organizations/{id}/custom.css?v={updatedAt}:
  // the version changes on every save, so a long private cache is safe.
  app.get(
    '/api/organizations/:orgId/custom.css',
    {
      config: { access: { organization: 'path' } },
      schema: { params: orgParams, response: { 200: customCssAnswer } },
    },
    async (request, reply) => {
      const { customCss } = await getBranding(database, accessOf(request).organizationId);
      return sendCss(reply, servableCss(customCss), 'private, max-age=86400');
    },
  );

  // The public calendar is styled like the rest of the organization, without a session.
  app.get(
    '/api/public/:orgShortname/custom.css',
    { config: { access: 'public' }, schema: { params: publicParams, response: { 200: customCssAnswer } } },
    async (request, reply) => {
      const org = await findPublicBranding(database, request.params.orgShortname.toLowerCase());
      if (!org) throw notFound('Organization not found');
      return sendCss(reply, servableCss(org.customCss), 'public, max-age=300');
    },
  );

  app.get(
    '/api/public/:orgShortname/branding',
    {
      config: { access: 'public' },
      schema: {
        params: publicParams,
        response: { 200: publicBrandingSchema },
      },
    },
    async (request) => {
      const org = await findPublicBranding(database, request.params.orgShortname.toLowerCase());
      if (!org) throw notFound('Organization not found');
      const { id: _id, approvalStatus: _status, ...branding } = org;
      return { ...branding, updatedAt: new Date(branding.updatedAt).toISOString() };
    },
  );
}
