/**
 * The account's own writes: signing in, up and out, its password, and the links mailed to it
 * (verification, password reset, an invitation). They are not a project's, so what they change is
 * the session's (api/session.ts): the signed-in user and their projects.
 */
import { type MutationFunctionContext, mutationOptions } from '@tanstack/react-query';
import type { Operation, RequestBody } from '../../../client/index.ts';
import { api } from '../api/client.ts';
import { sessionKeys } from '../api/session.ts';

export type Credentials = RequestBody<Operation<'/auth/login', 'post'>>;
export type PasswordChange = RequestBody<Operation<'/users/@me/password', 'post'>>;
/** The dashboard's language for the account; null: the browser's. */
export type LanguageSetting = RequestBody<Operation<'/users/@me', 'patch'>>['language'];

const accountKey = (action: string) => ['account', 'mutation', action];

/**
 * The answer of a sign-in or sign-up is the user: stored as the session's, so the guard of the next
 * page does not act on the cached "signed out".
 */
function storesUser(
  result: { data: { user: unknown } },
  _v: unknown,
  _m: unknown,
  { client }: MutationFunctionContext,
) {
  client.setQueryData(sessionKeys.me, result.data.user);
}

export const accountMutations = {
  signIn: () =>
    mutationOptions({
      mutationKey: accountKey('sign-in'),
      mutationFn: (body: Credentials) => api.post('/auth/login', { body }),
      onSuccess: storesUser,
    }),
  /** Creates the account (a verification link is mailed) and signs it in. */
  signUp: () =>
    mutationOptions({
      mutationKey: accountKey('sign-up'),
      mutationFn: (body: Credentials) => api.post('/auth/signup', { body }),
      onSuccess: storesUser,
    }),
  /**
   * Ends the session. Nothing cached may outlive it (another person may sign in next), so the whole
   * cache goes; a failed call is no reason to stay signed in on this screen.
   */
  signOut: () =>
    mutationOptions({
      mutationKey: accountKey('sign-out'),
      mutationFn: async () => {
        await api.get('/auth/logout').catch(() => undefined);
      },
      onSuccess: (_d, _v, _m, { client }) => client.clear(),
    }),
  /** Mails a reset link; the answer is the same whether or not the address has an account. */
  requestPasswordReset: () =>
    mutationOptions({
      mutationKey: accountKey('request-password-reset'),
      mutationFn: (email: string) => api.post('/auth/request-password-reset', { body: { email } }),
    }),
  /** Sets a new password with a reset link's token; every session is signed out. */
  resetPassword: (token: string) =>
    mutationOptions({
      mutationKey: accountKey('reset-password'),
      mutationFn: (password: string) => api.post('/auth/reset-password', { body: { token, password } }),
    }),
  /** Spends a verification link's token; the user is then verified. */
  verifyEmail: (token: string) =>
    mutationOptions({
      mutationKey: accountKey('verify-email'),
      mutationFn: () => api.post('/auth/verify-email', { body: { token } }),
      meta: { invalidates: [sessionKeys.me] },
    }),
  /** Mails the verification link again. */
  requestVerification: () =>
    mutationOptions({
      mutationKey: accountKey('request-verification'),
      mutationFn: () => api.post('/auth/request-verification'),
    }),
  /** Changes the password; the account's other sessions are signed out. */
  changePassword: () =>
    mutationOptions({
      mutationKey: accountKey('change-password'),
      mutationFn: (body: PasswordChange) => api.post('/users/@me/password', { body }),
    }),
  /**
   * Sets the account's dashboard language (null: the browser's). The refreshed user is what
   * i18n/LanguageRoot.tsx follows to switch the dashboard's language.
   */
  setLanguage: () =>
    mutationOptions({
      mutationKey: accountKey('set-language'),
      mutationFn: (language: LanguageSetting) => api.patch('/users/@me', { body: { language } }),
      meta: { invalidates: [sessionKeys.me] },
    }),
  /** Joins the project of an invitation link; the project is in the list before the screen moves on. */
  acceptInvite: (token: string) =>
    mutationOptions({
      mutationKey: accountKey('accept-invite'),
      mutationFn: () => api.post('/invites/accept', { body: { token } }),
      meta: { invalidates: [sessionKeys.projects] },
    }),
};
