/** How an account can sign in (GET /users/@me/sign-in-methods): password, OpenID Connect, OAuth providers. */
import type { Deps } from '../deps.ts';
import { unauthorized } from '../errors.ts';
import type { SignInMethodsView } from './auth.schemas.ts';
import * as oauthRepo from './oauth/oauth.repo.ts';
import { NO_PASSWORD } from './oauth/oauth.service.ts';
import { PROVIDERS } from './oauth/providers.ts';
import { passwordSignInAllowed } from './oidc/oidc-only.ts';
import * as users from './users.repo.ts';

/**
 * The ways that work for this account on this server now: `password` when it has one and password
 * sign-in is open to it (OIDC_ONLY closes it to all but the first owner); `oidc` when single sign-on
 * is configured and the account is linked to it; `oauth`, the configured providers it is linked to.
 */
export async function signInMethods(deps: Pick<Deps, 'db' | 'config'>, userId: string): Promise<SignInMethodsView> {
  const user = await users.findUserById(deps.db, userId);
  if (!user) throw unauthorized('UNAUTHORIZED', 'The session is no longer valid; sign in again.');
  const linked = await oauthRepo.listLinkedProviders(deps.db, userId);
  return {
    password: user.passwordHash !== NO_PASSWORD && (await passwordSignInAllowed(deps, userId)),
    oidc: deps.config.oidc !== undefined && linked.includes('oidc'),
    oauth: PROVIDERS.filter((p) => linked.includes(p) && deps.config.oauth[p] !== undefined),
  };
}
