/**
 * The subscription pages a sent email links to: /unsubscribe, /subscribe and /manage, each with the
 * link's signed token. No authentication (the token is the credential) and no project, so the
 * per-project rate limit passes them by. GETs only show; POSTs change, and POST /unsubscribe is also
 * the RFC 8058 one-click endpoint (mail clients post `List-Unsubscribe=One-Click` as a form, with no
 * cookie): 200 whatever the state was.
 *
 * These answer HTML, errors included: they are pages for people in a browser, not API calls, so an
 * unusable link is a readable 404 page rather than the JSON envelope. For that reason they are hidden
 * from /openapi.json (`hide: true`): the API sweeps driven by that document (input-sweep,
 * tenant-isolation, api-views) check JSON envelopes, which these pages deliberately do not answer.
 * Their own malformed-input cases are tested in test/e2e/subscription-pages.test.ts. Errors raised
 * before a handler runs (a 415 media type, a 413 body) still leave as the envelope.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.ts';
import { acceptFormBodies, FORM_BODY_LIMIT } from '../http/form-body.ts';
import { shapeLimits } from '../http/input-guard.ts';
import {
  invalidLinkPage,
  managePage,
  type PageContact,
  subscribedPage,
  subscribePage,
  unsubscribedPage,
  unsubscribePage,
} from './pages.ts';
import { openSubscriptionLink, savePreferencesByLink, setSubscriptionByLink } from './public-pages.service.ts';
import { sendHtml } from './send-page.ts';
import { localeFromAcceptLanguage } from './strings.ts';

type TokenRoute = { Params: { token: string } };

const MANAGE_BODY_LIMIT = 16 * 1024;

/** Sends the page for the link's contact, or the 404 page when the link names none. */
function sendPage(
  req: FastifyRequest,
  reply: FastifyReply,
  contact: PageContact | undefined,
  render: (c: PageContact) => string,
) {
  const html = contact ? render(contact) : invalidLinkPage(localeFromAcceptLanguage(req.headers['accept-language']));
  return sendHtml(reply, contact ? 200 : 404, html);
}

/** Registers the pages in their own scope, with the form body parsers only this scope accepts. */
export const publicPageRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  acceptFormBodies(app, shapeLimits(deps.config), MANAGE_BODY_LIMIT);
  const get = { schema: { hide: true } };
  const post = { schema: { hide: true }, bodyLimit: FORM_BODY_LIMIT };

  app.get<TokenRoute>('/unsubscribe/:token', get, async (req, reply) =>
    sendPage(req, reply, await openSubscriptionLink(deps, req.params.token), unsubscribePage),
  );
  app.post<TokenRoute>('/unsubscribe/:token', post, async (req, reply) =>
    sendPage(req, reply, await setSubscriptionByLink(deps, req.params.token, false), unsubscribedPage),
  );
  app.get<TokenRoute>('/subscribe/:token', get, async (req, reply) =>
    sendPage(req, reply, await openSubscriptionLink(deps, req.params.token), subscribePage),
  );
  app.post<TokenRoute>('/subscribe/:token', post, async (req, reply) =>
    sendPage(req, reply, await setSubscriptionByLink(deps, req.params.token, true), subscribedPage),
  );
  app.get<TokenRoute>('/manage/:token', get, async (req, reply) =>
    sendPage(req, reply, await openSubscriptionLink(deps, req.params.token), managePage),
  );
  // A form of up to 100 topics (`topic:<uuid>=1` and the list shown) outgrows the one-button limit.
  app.post<TokenRoute & { Body: Record<string, unknown> }>(
    '/manage/:token',
    { ...post, bodyLimit: MANAGE_BODY_LIMIT },
    async (req, reply) =>
      sendPage(req, reply, await savePreferencesByLink(deps, req.params.token, req.body ?? {}), managePage),
  );
};
