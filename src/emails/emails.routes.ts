/** /emails: the email log (beyond.md §5), one email with its attempts and events, and the retry of a FAILED one. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps.ts';
import { requireProject } from '../http/auth.ts';
import { routeSchema } from '../http/routes.ts';
import { IdParams } from '../http/schemas.ts';
import { EmailDetail, EmailLogItem, EmailPage, ListEmailsQuery } from './emails.schemas.ts';
import { getEmailDetail, listEmailLog, retryEmail } from './emails.service.ts';

/** Registers the /emails routes behind the project auth hook (secret key or session). */
export const emailRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireProject(deps));
  const schema = routeSchema('emails');

  app.get('/emails', schema({ querystring: ListEmailsQuery, response: { 200: EmailPage } }), async (req) =>
    listEmailLog(deps, req.auth!.projectId, req.query),
  );
  app.get('/emails/:id', schema({ params: IdParams, response: { 200: EmailDetail } }), async (req) =>
    getEmailDetail(deps, req.auth!.projectId, req.params.id),
  );
  app.post('/emails/:id/retry', schema({ params: IdParams, response: { 200: EmailLogItem } }), async (req) =>
    retryEmail(deps, req.auth!.projectId, req.params.id),
  );
};
