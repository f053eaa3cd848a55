/**
 * The sign-up pages: /confirm/:token (the confirmation link of a double opt-in) and /join/:projectId
 * (the hosted form). Like the subscription pages (public-pages.routes.ts) they answer HTML, errors
 * included, take form posts without JavaScript, and are hidden from /openapi.json, whose sweeps
 * check JSON envelopes; test/e2e/signup-pages.test.ts covers their malformed input. GETs change
 * nothing. Errors raised before a handler (a 415 media type, a 413 body) still leave as the envelope.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { acceptFormBodies } from '../../http/form-body.ts';
import { shapeLimits } from '../../http/input-guard.ts';
import type { RateStore } from '../../http/rate-limit.ts';
import { type Locale, localeFromAcceptLanguage, resolveLocale } from '../../public-pages/strings.ts';
import { confirmByToken, openConfirmation } from '../confirmations.service.ts';
import { type JoinForm, openJoinForm, submitJoinForm } from '../join.service.ts';
import { countSignup } from '../signup-limit.ts';
import { confirmAskPage, confirmedPage, invalidConfirmPage } from './confirm-pages.ts';
import { formMissingPage, joinDonePage, joinFormPage, tooManyPage } from './join-page.ts';
import { sendHtml } from './page-shell.ts';

/** A form of an address, twenty fields and a hundred topic boxes fits well within this. */
export const JOIN_BODY_LIMIT = 16 * 1024;

type TokenRoute = { Params: { token: string } };
type JoinRoute = { Params: { projectId: string } };

/** The visitor's language: the browser's, else the project's default. */
function localeOf(req: FastifyRequest, fallback?: string | null): Locale {
  const header = req.headers['accept-language'];
  return header ? localeFromAcceptLanguage(header) : resolveLocale(fallback);
}

function formView(
  req: FastifyRequest,
  join: JoinForm,
  state: Pick<Parameters<typeof joinFormPage>[0], 'values' | 'errors'>,
) {
  const { project, topics } = join;
  const { title, description, fields } = project.signupForm;
  const locale = localeOf(req, project.defaultLocale);
  return joinFormPage({ projectId: project.id, locale, title, description, fields, topics, ...state });
}

export const signupPageRoutes: FastifyPluginAsync<{ deps: Deps; limiter: RateStore }> = async (
  app,
  { deps, limiter },
) => {
  acceptFormBodies(app, shapeLimits(deps.config), JOIN_BODY_LIMIT);
  const get = { schema: { hide: true } };
  const post = { schema: { hide: true }, bodyLimit: JOIN_BODY_LIMIT };

  app.get<TokenRoute>('/confirm/:token', get, async (req, reply) => {
    const c = await openConfirmation(deps, req.params.token);
    if (!c) return sendHtml(reply, 404, invalidConfirmPage(localeOf(req)));
    return sendHtml(reply, 200, c.state === 'confirmed' ? confirmedPage(c) : confirmAskPage(c));
  });

  app.post<TokenRoute>('/confirm/:token', post, async (req, reply) => {
    const c = await confirmByToken(deps, req.params.token);
    return c ? sendHtml(reply, 200, confirmedPage(c)) : sendHtml(reply, 404, invalidConfirmPage(localeOf(req)));
  });

  app.get<JoinRoute>('/join/:projectId', get, async (req, reply) => {
    const join = await openJoinForm(deps, req.params.projectId);
    if (!join) return sendHtml(reply, 404, formMissingPage(localeOf(req)));
    return sendHtml(reply, 200, formView(req, join, { values: {}, errors: {} }));
  });

  app.post<JoinRoute>('/join/:projectId', post, async (req, reply) => {
    const join = await openJoinForm(deps, req.params.projectId);
    if (!join) return sendHtml(reply, 404, formMissingPage(localeOf(req)));
    const locale = localeOf(req, join.project.defaultLocale);
    try {
      await countSignup(limiter, join.project.id, req.ip);
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode !== 429) throw err;
      reply.headers(err.details.headers ?? {});
      return sendHtml(reply, 429, tooManyPage(locale));
    }
    const outcome = await submitJoinForm(deps, join, req.body);
    if (outcome.kind === 'invalid') return sendHtml(reply, 422, formView(req, join, outcome));
    return sendHtml(reply, 200, joinDonePage(locale, outcome.status, outcome.email, join.project.name));
  });
};
