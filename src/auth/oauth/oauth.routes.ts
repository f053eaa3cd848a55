/** GET /auth/oauth-config, and the OAuth round trip: /auth/oauth/:provider and its callback. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { originOf, recordSignIn } from '../../audit/audit.service.ts';
import type { Deps } from '../../deps.ts';
import { OAuthConfigView } from '../auth.schemas.ts';
import { setSessionCookie } from '../session-cookie.ts';
import { finishOAuth, oauthConfigView, startOAuth } from './oauth.service.ts';
import { OAUTH_COOKIE, OAUTH_COOKIE_PATH, oauthCookieOptions, verifyOAuthState } from './oauth-state.ts';

const ProviderParams = Type.Object({ provider: Type.String({ minLength: 1, maxLength: 20 }) });
const CallbackQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 2000 })),
  state: Type.Optional(Type.String({ maxLength: 500 })),
  error: Type.Optional(Type.String({ maxLength: 500 })),
});

export const oauthRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.get('/auth/oauth-config', { schema: { tags: ['auth'], response: { 200: OAuthConfigView } } }, async () =>
    oauthConfigView(deps),
  );

  app.get('/auth/oauth/:provider', { schema: { tags: ['auth'], params: ProviderParams } }, async (req, reply) => {
    const { url, cookie } = await startOAuth(deps, req.params.provider);
    reply.setCookie(OAUTH_COOKIE, cookie, oauthCookieOptions(deps.config.baseUrl));
    return reply.redirect(url, 302);
  });

  app.get(
    '/auth/oauth/:provider/callback',
    { schema: { tags: ['auth'], params: ProviderParams, querystring: CallbackQuery } },
    async (req, reply) => {
      const raw = req.cookies?.[OAUTH_COOKIE];
      const saved = raw ? await verifyOAuthState(deps.secrets.jwtSecret, raw, deps.clock.now()) : undefined;
      // One use: the state cookie goes whatever the outcome.
      reply.clearCookie(OAUTH_COOKIE, { path: OAUTH_COOKIE_PATH });
      const userId = await finishOAuth(deps, req.params.provider, saved, req.query);
      await setSessionCookie(deps, reply, userId);
      await recordSignIn(deps, originOf(req), { userId }, { ok: true, method: req.params.provider });
      return reply.redirect(`${deps.config.baseUrl}/`, 302);
    },
  );
};
