/**
 * OAuth sign-in: start (state + PKCE verifier, provider URL) and finish (state checked exactly, code
 * exchanged with the verifier, the provider's verified email, the user found or created and linked).
 */
import { timingSafeEqual } from 'node:crypto';
import { generateCodeVerifier, generateState } from 'arctic';
import type { IdentityProvider } from '../../db/auth-tables.ts';
import { toBool } from '../../db/codecs.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { normalizeEmail } from '../auth.service.ts';
import { endUserSessions } from '../session.service.ts';
import * as users from '../users.repo.ts';
import * as repo from './oauth.repo.ts';
import { type OAuthState, signOAuthState } from './oauth-state.ts';
import { authorizationUrl, exchangeCode, fetchIdentity, PROVIDERS } from './providers.ts';

/** The password hash of an account that has none (OAuth or OIDC only): no password ever verifies against it. */
export const NO_PASSWORD = '!no-password';

type OAuthDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'secrets' | 'log'>;

/** The configuration of an enabled provider; 404 for an unknown or unconfigured one. */
function providerConfig(deps: Pick<Deps, 'config'>, name: string) {
  const provider = PROVIDERS.find((p) => p === name);
  const cfg = provider ? deps.config.oauth[provider] : undefined;
  if (!provider || !cfg) throw notFound('OAUTH_PROVIDER', `Sign-in with "${name}" is not configured on this server.`);
  return { provider, cfg };
}

/** Which providers are configured (GET /auth/oauth-config, and `oauth` of GET /config). */
export function oauthConfigView(deps: Pick<Deps, 'config'>) {
  return { github: deps.config.oauth.github !== undefined, google: deps.config.oauth.google !== undefined };
}

/** A new round trip: where to send the browser, and the signed cookie value that remembers it. */
export async function startOAuth(deps: OAuthDeps, name: string) {
  const { provider, cfg } = providerConfig(deps, name);
  const state = generateState();
  const verifier = generateCodeVerifier();
  const url = authorizationUrl(provider, cfg, deps.config.baseUrl, state, verifier);
  const cookie = await signOAuthState(deps.secrets.jwtSecret, { provider, state, verifier }, deps.clock.now());
  return { url: url.toString(), cookie };
}

const failed = (why: string) => badRequest(`Sign-in failed: ${why} Start again.`, 'OAUTH_FAILED');

function sameString(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Finishes a round trip and returns the signed-in user's id. `saved` is the cookie's content
 * (undefined when missing, expired or forged: then there is no verifier, and nothing is exchanged).
 */
export async function finishOAuth(
  deps: OAuthDeps,
  name: string,
  saved: OAuthState | undefined,
  query: { code?: string; state?: string; error?: string },
): Promise<string> {
  const { provider, cfg } = providerConfig(deps, name);
  if (query.error) throw failed(`the provider answered "${query.error.slice(0, 100)}".`);
  if (!saved || saved.provider !== provider) throw failed('the sign-in session is missing or has expired.');
  if (!query.state || !sameString(query.state, saved.state)) throw failed('the state does not match.');
  if (!query.code) throw failed('the provider sent no code.');
  let identity: Awaited<ReturnType<typeof fetchIdentity>>;
  try {
    const accessToken = await exchangeCode(provider, cfg, deps.config.baseUrl, query.code, saved.verifier);
    identity = await fetchIdentity(provider, cfg, accessToken);
  } catch (err) {
    deps.log.warn({ err, provider }, 'oauth exchange failed');
    throw failed('the provider did not confirm the sign-in.');
  }
  if (!identity.email || !identity.emailVerified) {
    throw forbidden(`Your ${provider} account has no verified email address; verify one there first.`);
  }
  return signInIdentity(deps, provider, { accountId: identity.accountId, email: identity.email });
}

/**
 * The user of a provider identity: the linked one, else the account with that (provider-verified)
 * email, else a new account. Linking to an existing account whose email was never verified also
 * takes the account from whoever registered it: its password is removed and its sessions end, since
 * the provider has just proven that the address belongs to someone else.
 */
export async function signInIdentity(
  deps: OAuthDeps,
  provider: IdentityProvider,
  identity: { accountId: string; email: string },
): Promise<string> {
  const linked = await repo.findLinkedUserId(deps.db, provider, identity.accountId);
  if (linked) return linked;
  const email = normalizeEmail(identity.email);
  const now = deps.clock.now();
  let user = await users.findUserByEmail(deps.db, email);
  if (user && !toBool(user.emailVerified)) {
    const id = user.id;
    // One conditional update: if the owner verified the address meanwhile, the account stays as it is.
    await deps.db.transaction().execute(async (trx) => {
      if (await users.claimUnverifiedUser(trx, id, NO_PASSWORD, now)) {
        await endUserSessions({ db: trx, clock: deps.clock }, id);
      }
    });
  }
  if (!user) {
    if (deps.config.disableSignups) throw forbidden('Sign-ups are disabled on this server.');
    const id = newId();
    await users.insertUser(deps.db, { id, email, passwordHash: NO_PASSWORD, createdAt: now, emailVerified: true });
    // A racing sign-up with the same email may have won; either way the account now exists.
    user = await users.findUserByEmail(deps.db, email);
  }
  await repo.linkAccount(deps.db, {
    provider,
    providerAccountId: identity.accountId,
    userId: user!.id,
    email,
    createdAt: now,
  });
  return (await repo.findLinkedUserId(deps.db, provider, identity.accountId))!;
}
