// PATCH /api/users/{id}/profile, the e-mail change (request, pending, confirm), PATCH
// /api/me/password, POST and DELETE /api/me/profile-picture. Each member edits only themself;
// system users may edit anyone's profile and ask for anyone's e-mail change. Organization
// administrators manage roles and access, not a member's sign-in details.
import {
  changePasswordSchema,
  confirmEmailChangeSchema,
  emailChangeConfirmedSchema,
  emailChangeRequestedSchema,
  emailChangeSchema,
  pendingEmailChangeSchema,
  profileAnswerSchema,
  profilePictureSchema,
  profileSchema,
} from '../../../common/schemas/account';
import { messageSchema } from '../../../common/schemas/answers';
import { PICTURE_TOO_LARGE, PROFILE_PICTURE_MAX_BYTES } from '../../../common/account';
import { AppError, forbidden, notFound } from '../../http/errors';
import { authOf, type ObjectRule } from '../../http/access';
import { idParams, rawPathId } from '../../http/params';
import type { App } from '../../http/types';
import { readUpload } from '../../http/upload';
import { confirmEmailChange, pendingEmailChange, requestEmailChange } from './email-change';
import { isMemberOf } from './email-change-queries';
import { changePassword, removeProfilePicture, saveProfile, setProfilePicture } from './service';

const message = messageSchema;
const picture = profilePictureSchema;

/**
 * The account of the path's :id is the caller's own (system users: anyone's). Before the body is
 * looked at: 403 for another member of one's own organization, 404 for anyone else (whether or
 * not they exist).
 */
const ownAccount: ObjectRule = {
  name: 'own account',
  check: async (request, { auth }) => {
    const id = rawPathId(request, 'id');
    if (auth.user.isSystemUser || id === auth.user.id) return;
    const organizationId = auth.organization?.id;
    if (organizationId && (await isMemberOf(request.server.deps.database, id, organizationId)))
      throw forbidden('You can only edit your own profile');
    throw notFound('User not found');
  },
};

// Every write here is to the caller's own user row (or to what waits to become it): their name,
// address and picture show among their organizations' people.
const peopleWrite = { writes: ['people'] } as const;

export async function accountRoutes(app: App) {
  const { database, mailer } = app.deps;

  app.patch(
    '/api/users/:id/profile',
    {
      config: { ...peopleWrite, access: { object: ownAccount } },
      schema: {
        params: idParams,
        body: profileSchema,
        response: { 200: profileAnswerSchema },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const user = await saveProfile(app.deps, auth.user.id, request.params.id, request.body, request.ip);
      return { user };
    },
  );

  app.get(
    '/api/users/:id/email-change',
    {
      config: { access: { object: ownAccount } },
      schema: { params: idParams, response: { 200: pendingEmailChangeSchema } },
    },
    async (request) => ({ pending: await pendingEmailChange(database, request.params.id) }),
  );

  app.post(
    '/api/users/:id/email-change',
    {
      config: { ...peopleWrite, access: { object: ownAccount } },
      schema: {
        params: idParams,
        body: emailChangeSchema,
        response: { 202: emailChangeRequestedSchema },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const pending = await requestEmailChange(
        app.deps,
        auth.user.id,
        request.params.id,
        request.body,
        request.ip,
      );
      reply.code(202);
      return { message: `We sent a confirmation link to ${pending.email}`, pending };
    },
  );

  // Authorised by the link's token, not a session: whoever holds the new address confirms it.
  app.post(
    '/api/email-change/confirm',
    {
      config: { ...peopleWrite, access: 'public' },
      schema: {
        body: confirmEmailChangeSchema,
        response: { 200: emailChangeConfirmedSchema },
      },
    },
    async (request, reply) => {
      reply.header('referrer-policy', 'no-referrer').header('cache-control', 'no-store');
      const { email } = await confirmEmailChange(app.deps, request.body.token);
      return { message: `Your email address is now ${email}.`, email };
    },
  );

  app.patch(
    '/api/me/password',
    {
      config: { ...peopleWrite, access: 'signedIn' },
      schema: { body: changePasswordSchema, response: { 200: message } },
    },
    async (request) => {
      const auth = authOf(request);
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
    { config: { ...peopleWrite, access: 'signedIn' }, schema: { response: { 200: picture } } },
    async (request) => {
      const auth = authOf(request);
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
    { config: { ...peopleWrite, access: 'signedIn' }, schema: { response: { 200: picture } } },
    async (request) => {
      const auth = authOf(request);
      await removeProfilePicture(database, auth.user.id);
      return { profilePictureUrl: null };
    },
  );
}
