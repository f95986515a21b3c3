// /api/me/two-factor (a member's own two-step sign-in) and /api/login/two-factor (the second
// step of sign-in). Nothing here ever answers with the secret except the set-up call itself.
import { z } from 'zod';
import {
  disableTwoFactorSchema,
  loginTwoFactorSchema,
  twoFactorCodeSchema,
  twoFactorStatusSchema,
} from '../../../common/schemas/account';
import { authOf } from '../../http/access';
import { loadSession, readSessionId, destroySession, setSessionCookie } from '../../http/session';
import { setupRequired } from '../../http/two-factor-gate';
import type { App } from '../../http/types';
import { completeSignIn, confirmSetup, startSetup, status, turnOff } from './service';

const message = z.object({ message: z.string() });

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
    {
      config: { access: 'signedIn' },
      schema: { response: { 200: z.object({ secret: z.string(), otpauthUrl: z.string() }) } },
    },
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
        response: { 200: z.object({ recoveryCodes: z.array(z.string()) }) },
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
        response: {
          200: z.object({
            organization: z.object({ id: z.number(), name: z.string(), shortname: z.string() }).nullable(),
            isSystemUser: z.boolean(),
            twoFactorSetupRequired: z.boolean(),
          }),
        },
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
