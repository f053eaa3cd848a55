/**
 * The web version (GET /view/:token) and the public archive (GET /archive/:projectId, its pages
 * `?before=<campaignId>`, GET /archive/:projectId/:campaignId, GET /archive/:projectId/feed.xml).
 * Public: the token, or the project's choice to publish, is the only credential; GETs only. Like the
 * subscription pages they answer HTML, a link or address that names nothing included (a 404 page),
 * and are hidden from /openapi.json, whose sweeps check JSON envelopes; test/e2e/web-version.test.ts
 * and archive.test.ts cover their bad input. One client address gets PUBLIC_READS_PER_MINUTE of them.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.ts';
import { countRequest, createRateStore, type RateStore } from '../http/rate-limit.ts';
import { invalidLinkPage } from '../public-pages/pages.ts';
import { type Locale, localeFromAcceptLanguage } from '../public-pages/strings.ts';
import { archivedCampaignPage, archivePage, notFoundPage, tooManyPage, webVersionPage } from './pages.ts';
import { archiveFeed, openArchive, openArchivedCampaign, openWebVersion } from './web-version.service.ts';

/** Reads of these pages one client address may make a minute (a reader needs a few; a scraper gets no further). */
export const PUBLIC_READS_PER_MINUTE = 300;

/**
 * The pages' policy: nothing of their own but inline style; the email in the frame (which inherits
 * the policy) may show images, styles and fonts from anywhere, and run nothing.
 */
export const EMAIL_PAGE_CSP = [
  "default-src 'none'",
  'img-src https: http: data: cid:',
  "style-src 'unsafe-inline' https:",
  'font-src https: data:',
  "form-action 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/** The web version is one person's (no-store); the archive is public and may be cached a little. */
function send(reply: FastifyReply, status: number, type: string, body: string, cache = 'no-store') {
  return reply
    .code(status)
    .type(type)
    .header('content-security-policy', EMAIL_PAGE_CSP)
    .header('cache-control', status === 200 ? cache : 'no-store')
    .send(body);
}

const html = (reply: FastifyReply, status: number, body: string, cache?: string) =>
  send(reply, status, 'text/html; charset=utf-8', body, cache);

const PUBLIC_CACHE = 'public, max-age=300';

/** The browser's language when it says one; undefined leaves it to the project's default. */
function headerLocale(req: FastifyRequest): Locale | undefined {
  const header = req.headers['accept-language'];
  return header ? localeFromAcceptLanguage(header) : undefined;
}

/** A hook counting each read against the client address: 429 with a page past the rate. */
function limitReads(store: RateStore) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const count = await countRequest(store, `public-read:${req.ip}`, PUBLIC_READS_PER_MINUTE, req.log);
    if (!count?.over) return;
    reply.header('retry-after', String(Math.max(1, count.resetSeconds)));
    return html(reply, 429, tooManyPage(localeFromAcceptLanguage(req.headers['accept-language'])));
  };
}

type ViewRoute = { Params: { token: string } };
type ArchiveRoute = { Params: { projectId: string }; Querystring: Record<string, unknown> };
type CampaignRoute = { Params: { projectId: string; campaignId: string } };

export const webVersionRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const store = createRateStore(deps.config);
  app.addHook('onClose', async () => store.close());
  const get = { schema: { hide: true }, onRequest: limitReads(store) };
  const missing = (req: FastifyRequest, reply: FastifyReply) =>
    html(reply, 404, notFoundPage(localeFromAcceptLanguage(req.headers['accept-language'])));

  app.get<ViewRoute>('/view/:token', get, async (req, reply) => {
    const view = await openWebVersion(deps, req.params.token);
    if (!view) return html(reply, 404, invalidLinkPage(localeFromAcceptLanguage(req.headers['accept-language'])));
    return html(reply, 200, webVersionPage(view));
  });

  app.get<ArchiveRoute>('/archive/:projectId', get, async (req, reply) => {
    const before = req.query.before;
    if (before !== undefined && typeof before !== 'string') return missing(req, reply);
    const view = await openArchive(deps, req.params.projectId, before, headerLocale(req));
    return view ? html(reply, 200, archivePage(view), PUBLIC_CACHE) : missing(req, reply);
  });

  app.get<{ Params: { projectId: string } }>('/archive/:projectId/feed.xml', get, async (req, reply) => {
    const feed = await archiveFeed(deps, req.params.projectId, headerLocale(req));
    if (feed === undefined) return missing(req, reply);
    return send(reply, 200, 'application/rss+xml; charset=utf-8', feed, PUBLIC_CACHE);
  });

  app.get<CampaignRoute>('/archive/:projectId/:campaignId', get, async (req, reply) => {
    const view = await openArchivedCampaign(deps, req.params.projectId, req.params.campaignId, headerLocale(req));
    return view ? html(reply, 200, archivedCampaignPage(view), PUBLIC_CACHE) : missing(req, reply);
  });
};
