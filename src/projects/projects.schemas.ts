import { type Static, Type } from 'typebox';

export const ProjectIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export type ProjectIdParams = Static<typeof ProjectIdParams>;

export const CreateProjectBody = Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }) });
export type CreateProjectBody = Static<typeof CreateProjectBody>;

const Tracking = Type.Union([Type.Literal('ENABLED'), Type.Literal('DISABLED'), Type.Literal('MARKETING_ONLY')], {
  description: 'Open and click tracking: ENABLED (default), DISABLED, or MARKETING_ONLY.',
});

export const UpdateProjectBody = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  tracking: Type.Optional(Tracking),
  sendRatePerSecond: Type.Optional(
    Type.Union([Type.Integer({ minimum: 1, maximum: 100_000 }), Type.Null()], {
      description: 'Emails per second this project sends; null: the server default.',
    }),
  ),
});
export type UpdateProjectBody = Static<typeof UpdateProjectBody>;

export const ProjectView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  publicKey: Type.String(),
  secretKeyHint: Type.String(),
  tracking: Tracking,
  sendRatePerSecond: Type.Union([Type.Integer(), Type.Null()], {
    description: 'Emails per second; null: the server default (SEND_RATE_PER_SECOND).',
  }),
  disabled: Type.Boolean(),
  webhookSigningSecret: Type.String({
    description: 'Key of the X-Mailwright-Signature HMAC on outgoing workflow webhooks (whsec_…).',
  }),
  role: Type.Union([Type.Literal('OWNER'), Type.Literal('ADMIN'), Type.Literal('MEMBER')], {
    description: "The caller's role in the project.",
  }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type ProjectView = Static<typeof ProjectView>;

/** The project with its secret key, shown only in the answer that creates or rotates it. */
export const ProjectWithSecret = Type.Object({ ...ProjectView.properties, secretKey: Type.String() });
export type ProjectWithSecret = Static<typeof ProjectWithSecret>;
