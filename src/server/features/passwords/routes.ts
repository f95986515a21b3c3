import { z } from 'zod';
import { messageSchema } from '../../../common/schemas/answers';
import {
  forgotPasswordSchema,
  resetPasswordSchema,
  resetTokenValiditySchema,
} from '../../../common/schemas/auth';
import type { App } from '../../http/types';
import { requestReset, resetPassword, tokenIsValid } from './service';

const SENT = 'If an account with that email exists, a password reset link has been sent.';

export async function passwordRoutes(app: App) {
  const { database } = app.deps;

  app.post(
    '/api/forgot-password',
    {
      config: { access: 'public' },
      schema: { body: forgotPasswordSchema, response: { 200: messageSchema } },
    },
    async (request) => {
      await requestReset(app.deps, request.body.email, request.ip, request.log);
      return { message: SENT };
    },
  );

  app.get(
    '/api/reset-password/validate',
    {
      config: { access: 'public' },
      schema: {
        querystring: z.object({ token: z.string().max(200).optional() }),
        response: { 200: resetTokenValiditySchema },
      },
    },
    async (request, reply) => {
      reply.header('referrer-policy', 'no-referrer').header('cache-control', 'no-store');
      const token = request.query.token;
      return { valid: token ? await tokenIsValid(database, token) : false };
    },
  );

  app.post(
    '/api/reset-password',
    { config: { access: 'public' }, schema: { body: resetPasswordSchema, response: { 200: messageSchema } } },
    async (request, reply) => {
      reply.header('referrer-policy', 'no-referrer');
      await resetPassword(database, request.body.token, request.body.password);
      return { message: 'Your password has been updated. You can now login with your new password.' };
    },
  );
}
