import { z } from 'zod';
import {
  challengeResultSchema,
  challengeVerifySchema,
  joinAnswerSchema,
  joinSchema,
  organizationContextSchema,
  registeredOrganizationAnswerSchema,
  registerOrganizationSchema,
  securityChallengeSchema,
  shortnameAvailabilitySchema,
  shortnameSchema,
  supportContactSchema,
} from '../../../common/schemas/auth';
import { badRequest } from '../../http/errors';
import { createSession, setSessionCookie } from '../../http/session';
import type { App } from '../../http/types';
import { sendVerification } from '../auth';
import { supportAddress } from '../system';
import { organizationContext } from './organization-context';
import { CHALLENGE_TYPES, consumeChallenge, issueChallenge, verifyAttempt } from './challenge';
import {
  assertRegistrationAvailable,
  joinOrganization,
  limitSignups,
  registerOrganization,
  shortnameAvailable,
} from './service';

export async function registrationRoutes(app: App) {
  const { database, sessionSecret } = app.deps;

  app.get(
    '/api/organization-context',
    {
      config: { access: 'public' },
      schema: {
        querystring: z.object({ org: z.string().max(100).optional() }),
        response: { 200: organizationContextSchema },
      },
    },
    async (request) =>
      organizationContext(app.deps, request.hostContext, request.query.org?.toLowerCase() ?? null),
  );

  // Who reviews a pending registration, and where to write about it (Registration Pending): a
  // joiner's organization (its contact address), or for a new organization the system's support address.
  app.get(
    '/api/support-contact',
    {
      config: { access: 'public' },
      schema: {
        querystring: z.object({ org: z.string().max(100).optional() }),
        response: { 200: supportContactSchema },
      },
    },
    async (request) => {
      const shortname = request.hostContext.shortname ?? request.query.org?.toLowerCase() ?? null;
      const systemEmail = await supportAddress(app.deps);
      if (!shortname) return { email: systemEmail, reviewer: 'system' as const };
      const [org] = await database.query<{ contactEmail: string | null }>(
        `select contact_email as "contactEmail" from organizations
         where shortname = $1 and approval_status = 'approved'`,
        [shortname],
      );
      if (!org) return { email: systemEmail, reviewer: 'system' as const };
      return { email: org.contactEmail || systemEmail, reviewer: 'organization' as const };
    },
  );

  app.get(
    '/api/check-shortname/:shortname',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({ shortname: z.string().max(100) }),
        response: { 200: shortnameAvailabilitySchema },
      },
    },
    async (request) => {
      const parsed = shortnameSchema.safeParse(request.params.shortname);
      if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
      return { available: await shortnameAvailable(database, parsed.data) };
    },
  );

  app.get(
    '/api/security-challenge',
    {
      config: { access: 'public' },
      schema: {
        querystring: z.object({ type: z.enum(CHALLENGE_TYPES).optional() }),
        response: { 200: securityChallengeSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return issueChallenge(sessionSecret, request.query.type);
    },
  );

  app.post(
    '/api/security-challenge/verify',
    {
      config: { access: 'public' },
      schema: { body: challengeVerifySchema, response: { 200: challengeResultSchema } },
    },
    async (request) => verifyAttempt(database, sessionSecret, request.body.token, request.body.answer),
  );

  app.post(
    '/api/register-organization',
    {
      config: { access: 'public' },
      schema: { body: registerOrganizationSchema, response: { 201: registeredOrganizationAnswerSchema } },
    },
    async (request, reply) => {
      const input = request.body;
      await limitSignups(database, request.ip, input.email);
      await assertRegistrationAvailable(database, input);
      await consumeChallenge(database, sessionSecret, input.challengeToken, input.challengeAnswer);
      const organization = await registerOrganization(database, input);
      return reply.code(201).send({
        message: `${organization.name} has been created and is pending approval by a system administrator.`,
        requiresApproval: true,
        organization,
      });
    },
  );

  app.post(
    '/api/register',
    {
      config: { access: 'public' },
      schema: {
        body: joinSchema,
        querystring: z.object({ org: z.string().max(100).optional() }),
        response: { 201: joinAnswerSchema },
      },
    },
    async (request, reply) => {
      const shortname = request.hostContext.shortname ?? request.query.org?.toLowerCase();
      if (!shortname) throw badRequest('Organization is required');
      await limitSignups(database, request.ip, request.body.email);
      const result = await joinOrganization(database, shortname, request.body);
      if (result.organization.requireEmailVerification) {
        const { username, email } = request.body;
        await sendVerification(app.deps, { id: result.userId, username, email }, result.organization);
        return reply.code(201).send({
          message:
            'Please check your email and open the link we sent to verify your address before signing in.',
          requiresApproval: result.requiresApproval,
          requiresEmailVerification: true,
        });
      }
      if (result.requiresApproval) {
        return reply.code(201).send({
          message: 'Your registration has been submitted. An administrator will review it shortly.',
          requiresApproval: true,
        });
      }
      setSessionCookie(request, reply, await createSession(database, result.userId, result.organization.id));
      return reply
        .code(201)
        .send({ message: `Welcome to ${result.organization.name}!`, requiresApproval: false });
    },
  );
}
