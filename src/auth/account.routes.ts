/** Email verification, password reset and change (account.service.ts has the rules), and sign-in methods. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps.ts';
import { requireUser } from '../http/auth.ts';
import {
  changePassword,
  RESET_REQUESTED,
  requestPasswordReset,
  requestVerification,
  resetPassword,
  updateAccountSettings,
  verifyEmail,
} from './account.service.ts';
import {
  ChangePasswordBody,
  EmailBody,
  OkEnvelope,
  ResetPasswordBody,
  SignInMethodsView,
  TokenBody,
  trimEmailField,
  UpdateMeBody,
  UserEnvelope,
  UserView,
} from './auth.schemas.ts';
import { signInMethods } from './sign-in-methods.ts';

export const accountRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.post(
    '/auth/verify-email',
    { schema: { tags: ['auth'], body: TokenBody, response: { 200: UserEnvelope } } },
    async (req) => ({ success: true as const, data: { user: await verifyEmail(deps, req.body.token) } }),
  );

  app.post(
    '/auth/request-verification',
    {
      onRequest: requireUser(deps),
      schema: { tags: ['auth'], security: [{ session: [] }], response: { 200: OkEnvelope } },
    },
    async (req) => {
      const { sent } = await requestVerification(deps, req.userId!);
      const message = sent ? 'A new verification email is on its way.' : 'Your email address is already verified.';
      return { success: true as const, message };
    },
  );

  app.post(
    '/auth/request-password-reset',
    {
      preValidation: trimEmailField,
      schema: { tags: ['auth'], body: EmailBody, response: { 200: OkEnvelope } },
    },
    async (req) => {
      await requestPasswordReset(deps, req.body.email, req.ip);
      return { success: true as const, message: RESET_REQUESTED };
    },
  );

  app.post(
    '/auth/reset-password',
    { schema: { tags: ['auth'], body: ResetPasswordBody, response: { 200: OkEnvelope } } },
    async (req) => {
      await resetPassword(deps, req.body.token, req.body.password);
      return { success: true as const, message: 'Your password was changed. Sign in with the new one.' };
    },
  );

  app.patch(
    '/users/@me',
    {
      onRequest: requireUser(deps),
      schema: { tags: ['users'], security: [{ session: [] }], body: UpdateMeBody, response: { 200: UserView } },
    },
    async (req) => updateAccountSettings(deps, req.userId!, req.body),
  );

  app.get(
    '/users/@me/sign-in-methods',
    {
      onRequest: requireUser(deps),
      schema: { tags: ['users'], security: [{ session: [] }], response: { 200: SignInMethodsView } },
    },
    async (req) => signInMethods(deps, req.userId!),
  );

  app.post(
    '/users/@me/password',
    {
      onRequest: requireUser(deps),
      schema: { tags: ['users'], security: [{ session: [] }], body: ChangePasswordBody, response: { 200: OkEnvelope } },
    },
    async (req) => {
      await changePassword(deps, req.userId!, req.sessionId, req.body);
      return { success: true as const, message: 'Your password was changed. Your other sessions were signed out.' };
    },
  );
};
