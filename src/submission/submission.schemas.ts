/** The view of GET /smtp-submission: what an application needs to send through the submission listener. */
import { type Static, Type } from 'typebox';

export const SubmissionSettingsView = Type.Object({
  enabled: Type.Boolean({ description: 'Whether this server runs the listener (SMTP_SUBMISSION_PORT is set).' }),
  host: Type.String({ description: 'The host name to connect to (SMTP_SUBMISSION_HOST, else the host of BASE_URL).' }),
  port: Type.Union([Type.Integer(), Type.Null()], { description: 'The port; null when the listener is off.' }),
  tls: Type.Union([Type.Literal('STARTTLS'), Type.Null()], {
    description: 'STARTTLS when a certificate is configured; null when the listener offers no TLS.',
  }),
  insecureAuthAllowed: Type.Boolean({
    description: 'AUTH is accepted before STARTTLS (SMTP_SUBMISSION_ALLOW_INSECURE): the key crosses in clear.',
  }),
  username: Type.String({ description: 'Any user name is accepted; this one is a suggestion.' }),
  authMethods: Type.Array(Type.String(), {
    description: 'PLAIN and LOGIN, with the project secret key as the password.',
  }),
});
export type SubmissionSettingsView = Static<typeof SubmissionSettingsView>;
