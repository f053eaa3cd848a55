import type { FastifyRequest } from 'fastify';
import { type Static, Type } from 'typebox';
import { DateTime } from '../http/schemas.ts';

/**
 * preValidation hook: emails are trimmed before anything else (decisions.md), so " Ann@x.io "
 * passes the format check.
 */
export async function trimEmailField(req: FastifyRequest): Promise<void> {
  const body = req.body as { email?: unknown } | undefined;
  if (typeof body?.email === 'string') body.email = body.email.trim();
}

const Email = Type.String({ format: 'email', maxLength: 254 });
/** A password being set; one being checked may be any non-empty text up to the same length. */
const NewPassword = Type.String({ minLength: 8, maxLength: 256 });
const GivenPassword = Type.String({ minLength: 1, maxLength: 256 });
const Token = Type.String({ minLength: 1, maxLength: 200 });

export const Credentials = Type.Object({ email: Email, password: NewPassword });
export type Credentials = Static<typeof Credentials>;

export const LoginBody = Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }), password: GivenPassword });
export type LoginBody = Static<typeof LoginBody>;

/** The dashboard's languages (beyond.md §11). */
export const DashboardLanguage = Type.Union([
  Type.Literal('en'),
  Type.Literal('de'),
  Type.Literal('fr'),
  Type.Literal('es'),
]);

export const UserView = Type.Object({
  id: Type.String(),
  email: Type.String(),
  emailVerified: Type.Boolean(),
  /** The dashboard's language the user chose; absent while it follows the browser's. */
  language: Type.Optional(DashboardLanguage),
  createdAt: DateTime,
});
export type UserView = Static<typeof UserView>;

export const UserEnvelope = Type.Object({
  success: Type.Literal(true),
  data: Type.Object({ user: UserView }),
});

/** PATCH /users/@me: the account's own settings; `language: null` goes back to the browser's. */
export const UpdateMeBody = Type.Object(
  { language: Type.Union([DashboardLanguage, Type.Null()]) },
  { additionalProperties: false },
);
export type UpdateMeBody = Static<typeof UpdateMeBody>;

export const TokenBody = Type.Object({ token: Token });
export type TokenBody = Static<typeof TokenBody>;

export const EmailBody = Type.Object({ email: Email });
export type EmailBody = Static<typeof EmailBody>;

export const ResetPasswordBody = Type.Object({ token: Token, password: NewPassword });
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

export const ChangePasswordBody = Type.Object({ currentPassword: GivenPassword, newPassword: NewPassword });
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

/** The answer of actions with nothing to return; `message` says what happens next. */
export const OkEnvelope = Type.Object({ success: Type.Literal(true), message: Type.Optional(Type.String()) });
export type OkEnvelope = Static<typeof OkEnvelope>;

export const OAuthConfigView = Type.Object({ github: Type.Boolean(), google: Type.Boolean() });
export type OAuthConfigView = Static<typeof OAuthConfigView>;

export const SignInMethodsView = Type.Object({
  password: Type.Boolean({ description: 'The account has a password, and password sign-in is open to it.' }),
  oidc: Type.Boolean({ description: 'Single sign-on is configured and the account is linked to it.' }),
  oauth: Type.Array(Type.String(), { description: 'Configured OAuth providers the account is linked to.' }),
});
export type SignInMethodsView = Static<typeof SignInMethodsView>;
