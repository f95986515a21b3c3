import { messageSchema } from '../../../common/schemas/answers';
import {
  loginAnswerSchema,
  loginSchema,
  type Me,
  meSchema,
  tempLoginSchema,
  verifyEmailSchema,
} from '../../../common/schemas/auth';
import { authOf } from '../../http/access';
import { notFound } from '../../http/errors';
import { clearSessionCookie, destroySession, readSessionId, setSessionCookie } from '../../http/session';
import { setupRequired } from '../../http/two-factor-gate';
import type { App } from '../../http/types';
import { issueLoginToken } from '../two-factor';
import { signIn } from './service';
import { verifyEmail } from './verification';

const TEMP_LOGIN_USERNAME = 'system';

export async function authRoutes(app: App) {
  const { database, config } = app.deps;

  app.get(
    '/api/me',
    { config: { access: 'signedIn' }, schema: { response: { 200: meSchema } } },
    async (request): Promise<Me> => {
      const auth = authOf(request);
      return {
        user: auth.user,
        organization: auth.organization,
        role: auth.membership?.role ?? null,
        isSystemUser: auth.user.isSystemUser,
        pendingApproval: auth.membership?.status === 'pending_approval',
        twoFactorSetupRequired: setupRequired(auth),
      };
    },
  );

  app.post(
    '/api/login',
    { config: { access: 'public' }, schema: { body: loginSchema, response: { 200: loginAnswerSchema } } },
    async (request, reply) => {
      const result = await signIn(app.deps, request.body, request.hostContext, request.ip);
      // Rotate: whatever session the browser held before sign-in is ended.
      const previous = readSessionId(request);
      if (previous) await destroySession(database, previous);
      if (result.pending) {
        // Two-step sign-in: no session yet, only a token the code must come back with.
        const { userId, organizationId } = result.pending;
        return {
          organization: null,
          isSystemUser: false,
          twoFactorRequired: true,
          twoFactorToken: issueLoginToken(app.deps.sessionSecret, userId, organizationId),
        };
      }
      setSessionCookie(request, reply, result.sid!);
      return { organization: result.organization, isSystemUser: result.isSystemUser };
    },
  );

  app.post(
    '/api/logout',
    { config: { access: 'public' }, schema: { response: { 200: messageSchema } } },
    async (request, reply) => {
      const sid = readSessionId(request);
      if (sid) await destroySession(database, sid);
      clearSessionCookie(request, reply);
      return { message: 'Signed out' };
    },
  );

  app.post(
    '/api/verify-email',
    { config: { access: 'public' }, schema: { body: verifyEmailSchema, response: { 200: messageSchema } } },
    async (request) => {
      await verifyEmail(database, request.body.token);
      return { message: 'Your email address has been verified. You can now sign in.' };
    },
  );

  app.get(
    '/api/temp-login',
    { config: { access: 'public' }, schema: { response: { 200: tempLoginSchema } } },
    async () => {
      if (!config.enableTempLogin) throw notFound();
      return { username: TEMP_LOGIN_USERNAME };
    },
  );
}
