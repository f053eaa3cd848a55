/** GET /smtp-submission: the listener's settings as an application is configured with them (beyond.md §6). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps.ts';
import { requireProject } from '../http/auth.ts';
import { routeSchema } from '../http/routes.ts';
import { SubmissionSettingsView } from './submission.schemas.ts';
import { submissionSettings } from './submission-settings.ts';

export const submissionRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireProject(deps));
  const schema = routeSchema('smtp-submission');
  app.get('/smtp-submission', schema({ response: { 200: SubmissionSettingsView } }), async () =>
    submissionSettings(deps.config.submission),
  );
};
