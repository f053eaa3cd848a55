/**
 * The OpenID Connect round trip: GET /auth/oidc/start and GET /auth/oidc/callback (rules in
 * oidc.service.ts). Both are browser navigations, not API calls: they answer redirects, and every
 * refusal is an HTML page with a way back to the sign-in page, never a session cookie. Like the
 * subscription pages they are hidden from /openapi.json, whose sweeps expect JSON envelopes.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { originOf, recordSignIn } from '../../audit/audit.service.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { sendHtml } from '../../public-pages/send-page.ts';
import { setSessionCookie } from '../session-cookie.ts';
import { finishOidc, startOidc } from './oidc.service.ts';
import { oidcErrorPage } from './oidc-page.ts';
import { OIDC_COOKIE, OIDC_COOKIE_PATH, oidcCookieOptions, verifyOidcState } from './oidc-state.ts';

export const oidcRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  /** A refusal as its page; anything else is an internal error for the usual handler. */
  const refusal = (reply: FastifyReply, err: unknown) => {
    if (!(err instanceof AppError)) throw err;
    return sendHtml(reply, err.statusCode, oidcErrorPage(deps.config.baseUrl, err.statusCode, err.message));
  };
  // Discovery starts with the server, so /ready has an answer early; a failure is logged, not fatal.
  app.addHook('onReady', async () => {
    deps.oidc.readiness();
  });

  app.get('/auth/oidc/start', { schema: { hide: true } }, async (_req, reply) => {
    try {
      const { url, cookie } = await startOidc(deps);
      reply.setCookie(OIDC_COOKIE, cookie, oidcCookieOptions(deps.config.baseUrl));
      return reply.redirect(url, 302);
    } catch (err) {
      return refusal(reply, err);
    }
  });

  app.get('/auth/oidc/callback', { schema: { hide: true } }, async (req, reply) => {
    const raw = req.cookies?.[OIDC_COOKIE];
    const saved = raw ? await verifyOidcState(deps.secrets.jwtSecret, raw, deps.clock.now()) : undefined;
    // One use: the state cookie goes whatever the outcome.
    reply.clearCookie(OIDC_COOKIE, { path: OIDC_COOKIE_PATH });
    const search = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
    let userId: string;
    try {
      userId = await finishOidc(deps, saved, req.query as Record<string, unknown>, search);
    } catch (err) {
      const known = (err as { userId?: string }).userId;
      if (known) await recordSignIn(deps, originOf(req), { userId: known }, { ok: false, method: 'oidc' });
      return refusal(reply, err);
    }
    await setSessionCookie(deps, reply, userId);
    await recordSignIn(deps, originOf(req), { userId }, { ok: true, method: 'oidc' });
    return reply.redirect(`${deps.config.baseUrl}/`, 302);
  });
};
