/** /auth/* and /users/@me: sign-up, login, logout, the current user. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { Deps } from '../deps.ts';
import { requireUser } from '../http/auth.ts';
import { Credentials, LoginBody, UserEnvelope, UserView } from './auth.schemas.ts';
import { currentUser, login, signup } from './auth.service.ts';
import { SESSION_COOKIE, sessionCookieOptions, signSession } from './sessions.ts';

export const authRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  // Returns nothing on purpose: a FastifyReply is thenable, and awaiting one waits for the send.
  const startSession = async (reply: FastifyReply, userId: string): Promise<void> => {
    const token = await signSession(deps.secrets.jwtSecret, userId, deps.clock.now());
    reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(deps.config.baseUrl));
  };

  app.post(
    '/auth/signup',
    {
      // Emails are trimmed before anything else (decisions.md), so " Ann@x.io " passes the format check.
      preValidation: async (req) => {
        const body = req.body as { email?: unknown } | undefined;
        if (typeof body?.email === 'string') body.email = body.email.trim();
      },
      schema: { tags: ['auth'], body: Credentials, response: { 201: UserEnvelope } },
    },
    async (req, reply) => {
      const user = await signup(deps, req.body, req.ip);
      await startSession(reply, user.id);
      return reply.code(201).send({ success: true as const, data: { user } });
    },
  );

  app.post(
    '/auth/login',
    { schema: { tags: ['auth'], body: LoginBody, response: { 200: UserEnvelope } } },
    async (req, reply) => {
      const user = await login(deps, req.body, req.ip);
      await startSession(reply, user.id);
      return { success: true as const, data: { user } };
    },
  );

  app.get('/auth/logout', { schema: { tags: ['auth'] } }, async (_req, reply) => {
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { success: true };
  });

  app.get(
    '/users/@me',
    {
      onRequest: requireUser(deps),
      schema: { tags: ['users'], security: [{ session: [] }], response: { 200: UserView } },
    },
    async (req) => currentUser(deps, req.userId!),
  );
};
