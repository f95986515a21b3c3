// PATCH /api/users/{id}/profile, PATCH /api/me/password, POST and DELETE /api/me/profile-picture
// (spec part 2 §7). Each member edits only themself; system users may edit anyone's profile.
import { z } from 'zod';
import { changePasswordSchema, profileSchema, profileUserSchema } from '../../../common/schemas/account';
import { PICTURE_TOO_LARGE, PROFILE_PICTURE_MAX_BYTES } from '../../../common/account';
import type { FastifyRequest } from 'fastify';
import { AppError, forbidden } from '../../http/errors';
import { requireAuth } from '../../http/guards';
import { idParams, rawPathId } from '../../http/params';
import type { App } from '../../http/types';
import { readUpload } from '../../http/upload';
import { changePassword, removeProfilePicture, saveProfile, setProfilePicture } from './service';

const message = z.object({ message: z.string() });
const picture = z.object({ profilePictureUrl: z.string().nullable() });

/** 401, then 403 for anyone's profile but one's own, before the body is looked at. */
async function guardOwnProfile(request: FastifyRequest) {
  const auth = await requireAuth(request);
  if (!auth.user.isSystemUser && rawPathId(request, 'id') !== auth.user.id)
    throw forbidden('You can only edit your own profile');
}

export async function accountRoutes(app: App) {
  const { database, mailer } = app.deps;

  app.patch(
    '/api/users/:id/profile',
    {
      preValidation: guardOwnProfile,
      schema: {
        params: idParams,
        body: profileSchema,
        response: { 200: z.object({ user: profileUserSchema }) },
      },
    },
    async (request) => {
      const user = await saveProfile(database, request.params.id, request.body);
      return { user };
    },
  );

  app.patch(
    '/api/me/password',
    { preValidation: requireAuth, schema: { body: changePasswordSchema, response: { 200: message } } },
    async (request) => {
      const auth = await requireAuth(request);
      await changePassword(
        { database, mailer },
        { userId: auth.user.id, sid: auth.sid, email: auth.user.email, username: auth.user.username },
        request.body,
        request.ip,
        request.log,
      );
      return { message: 'Password updated' };
    },
  );

  app.post(
    '/api/me/profile-picture',
    { preValidation: requireAuth, schema: { response: { 200: picture } } },
    async (request) => {
      const auth = await requireAuth(request);
      const upload = await readUpload(request, 'profilePicture', PROFILE_PICTURE_MAX_BYTES).catch(
        (err: unknown) => {
          if (err instanceof AppError && err.statusCode === 413)
            throw new AppError(413, PICTURE_TOO_LARGE.description);
          throw err;
        },
      );
      return setProfilePicture(database, auth.user.id, upload.data);
    },
  );

  app.delete(
    '/api/me/profile-picture',
    { preValidation: requireAuth, schema: { response: { 200: picture } } },
    async (request) => {
      const auth = await requireAuth(request);
      await removeProfilePicture(database, auth.user.id);
      return { profilePictureUrl: null };
    },
  );
}
