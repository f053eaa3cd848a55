/** What an application is configured with to use the submission listener (GET /smtp-submission). */
import type { Config } from '../config.ts';
import type { SubmissionSettingsView } from './submission.schemas.ts';

/** Nothing secret: the password is the project's secret key, which the caller already holds or can rotate. */
export function submissionSettings(s: Config['submission']): SubmissionSettingsView {
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
