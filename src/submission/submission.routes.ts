/** GET /smtp-submission: the listener's settings as an application is configured with them (beyond.md §6). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps.ts';
import { requireProject } from '../http/auth.ts';
import { routeSchema } from '../http/routes.ts';
import { SubmissionSettingsView } from './submission.schemas.ts';

export const submissionRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireProject(deps));
  const schema = routeSchema('smtp-submission');
  app.get('/smtp-submission', schema({ response: { 200: SubmissionSettingsView } }), async () =>
    submissionSettings(deps.config.submission),
  );
};

/** Nothing secret: the password is the project's secret key, which the caller already holds or can rotate. */
export function submissionSettings(s: Deps['config']['submission']): SubmissionSettingsView {
  return {
    enabled: s.port !== undefined,
    host: s.publicHost ?? 'localhost',
    port: s.port ?? null,
    tls: s.port !== undefined && s.tlsCert ? 'STARTTLS' : null,
    insecureAuthAllowed: s.allowInsecure,
    username: 'mailwright',
    authMethods: ['PLAIN', 'LOGIN'],
  };
}
