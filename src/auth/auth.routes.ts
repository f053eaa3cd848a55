/** /auth/* and /users/@me: sign-up, login, logout, the current user; account, OAuth and OIDC routes registered here. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps.ts';
import { requireUser } from '../http/auth.ts';
import { assertNotCrossSite } from '../http/csrf.ts';
import { accountRoutes } from './account.routes.ts';
import { sendVerification } from './account.service.ts';
import { Credentials, LoginBody, trimEmailField, UserEnvelope, UserView } from './auth.schemas.ts';
import { currentUser, login, signup } from './auth.service.ts';
import { oauthRoutes } from './oauth/oauth.routes.ts';
import { oidcRoutes } from './oidc/oidc.routes.ts';
import { endSession } from './session.service.ts';
import { setSessionCookie } from './session-cookie.ts';
import { SESSION_COOKIE } from './sessions.ts';

export const authRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  // Login CSRF: a page elsewhere must not sign the browser into an account of its choosing.
  const sameSiteOnly = async (req: Parameters<typeof assertNotCrossSite>[0]) =>
    assertNotCrossSite(req, deps.config.baseUrl);

  app.post(
    '/auth/signup',
    {
      onRequest: sameSiteOnly,
      preValidation: trimEmailField,
      schema: { tags: ['auth'], body: Credentials, response: { 201: UserEnvelope } },
    },
    async (req, reply) => {
      const user = await signup(deps, req.body, req.ip);
      await sendVerification(deps, user);
      await setSessionCookie(deps, reply, user.id);
      return reply.code(201).send({ success: true as const, data: { user } });
    },
  );

  app.post(
    '/auth/login',
    { onRequest: sameSiteOnly, schema: { tags: ['auth'], body: LoginBody, response: { 200: UserEnvelope } } },
    async (req, reply) => {
      const user = await login(deps, req.body, req.ip);
      await setSessionCookie(deps, reply, user.id);
      return { success: true as const, data: { user } };
    },
  );

  // Ends the session server-side (the cookie stops working everywhere at once), then clears it.
  app.get('/auth/logout', { schema: { tags: ['auth'] } }, async (req, reply) => {
    const token = req.cookies?.[SESSION_COOKIE];
    if (token) await endSession(deps, token);
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

  await app.register(accountRoutes, { deps });
  await app.register(oauthRoutes, { deps });
  await app.register(oidcRoutes, { deps });
};
