// /api/me/two-factor (a member's own two-step sign-in) and /api/login/two-factor (the second
// step of sign-in). Nothing here ever answers with the secret except the set-up call itself.
import {
  disableTwoFactorSchema,
  loginTwoFactorSchema,
  recoveryCodesSchema,
  twoFactorCodeSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '../../../common/schemas/account';
import { messageSchema } from '../../../common/schemas/answers';
import { twoFactorLoginAnswerSchema } from '../../../common/schemas/auth';
import { authOf } from '../../http/access';
import { loadSession, readSessionId, destroySession, setSessionCookie } from '../../http/session';
import { setupRequired } from '../../http/two-factor-gate';
import type { App } from '../../http/types';
import { completeSignIn, confirmSetup, startSetup, status, turnOff } from './service';

const message = messageSchema;

export async function twoFactorRoutes(app: App) {
  const { database, sessionSecret } = app.deps;

  app.get(
    '/api/me/two-factor',
    { config: { access: 'signedIn' }, schema: { response: { 200: twoFactorStatusSchema } } },
    async (request) => {
      const auth = authOf(request);
      const own = await status(database, auth.user.id);
      const organizationRequires = auth.organization?.requireTwoFactorForAdmins ?? false;
      const role = auth.membership?.role;
      return { ...own, requiredForRole: organizationRequires && (role === 'owner' || role === 'admin') };
    },
  );

  app.post(
    '/api/me/two-factor/setup',
    { config: { access: 'signedIn' }, schema: { response: { 200: twoFactorSetupSchema } } },
    async (request, reply) => {
      const auth = authOf(request);
      reply.header('cache-control', 'no-store');
      return startSetup(database, auth.user.id);
    },
  );

  app.post(
    '/api/me/two-factor/enable',
    {
      config: { access: 'signedIn' },
      schema: {
        body: twoFactorCodeSchema,
        response: { 200: recoveryCodesSchema },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      reply.header('cache-control', 'no-store');
      return confirmSetup(database, auth.user.id, request.body.code, request.ip);
    },
  );

  app.post(
    '/api/me/two-factor/disable',
    { config: { access: 'signedIn' }, schema: { body: disableTwoFactorSchema, response: { 200: message } } },
    async (request) => {
      const auth = authOf(request);
      await turnOff(app.deps, auth.user.id, request.body.password, request.ip);
      return { message: 'Two-step sign-in is off' };
    },
  );

  app.post(
    '/api/login/two-factor',
    {
      config: { access: 'public' },
      schema: {
        body: loginTwoFactorSchema,
        response: { 200: twoFactorLoginAnswerSchema },
      },
    },
    async (request, reply) => {
      const sid = await completeSignIn(database, sessionSecret, request.body, request.ip);
      const previous = readSessionId(request);
      if (previous) await destroySession(database, previous);
      setSessionCookie(request, reply, sid);
      const auth = await loadSession(database, sid, { fresh: true });
      const org = auth?.organization;
      return {
        organization: org ? { id: org.id, name: org.name, shortname: org.shortname } : null,
        isSystemUser: auth?.user.isSystemUser ?? false,
        twoFactorSetupRequired: auth ? setupRequired(auth) : false,
      };
    },
  );
}
