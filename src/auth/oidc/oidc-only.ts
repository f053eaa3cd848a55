/**
 * OIDC_ONLY: password sign-in and sign-up are off, except that the instance's first owner (see
 * oidc.repo.ts) may still sign in with a password, the way back in when the provider is down or
 * misconfigured.
 */
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { findFirstOwnerId } from './oidc.repo.ts';

/** True when OIDC_ONLY is on (it needs OIDC_ISSUER; the configuration refuses it alone). */
export const oidcOnly = (deps: Pick<Deps, 'config'>) => deps.config.oidc?.only === true;

/** Whether `userId` may sign in with a password: always without OIDC_ONLY, else only the first owner. */
export async function passwordSignInAllowed(deps: Pick<Deps, 'db' | 'config'>, userId: string | undefined) {
  if (!oidcOnly(deps)) return true;
  // Asked whether or not the account exists, so both take the same work.
  const firstOwner = await findFirstOwnerId(deps.db);
  return userId !== undefined && userId === firstOwner;
}

/** 403 PASSWORD_SIGN_IN_DISABLED, naming the way in that works. */
export function passwordSignInDisabled(deps: Pick<Deps, 'config'>): AppError {
  const name = deps.config.oidc?.name ?? 'single sign-on';
  return new AppError(
    403,
    'PASSWORD_SIGN_IN_DISABLED',
    `Password sign-in is turned off on this server: sign in with ${name}.`,
  );
}
