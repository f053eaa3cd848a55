/**
 * OpenID Connect sign-in: start (state, nonce, PKCE S256 verifier, the provider's authorization URL)
 * and finish (state checked against our cookie, code exchanged with the verifier, the ID token's
 * issuer, audience, signature and nonce checked by openid-client, a verified email in an allowed
 * domain, then the account found or made and linked by the issuer's `sub`). Every refusal is an
 * AppError whose message the callback shows on its error page.
 */
import { timingSafeEqual } from 'node:crypto';
import * as oidc from 'openid-client';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { normalizeEmail } from '../auth.service.ts';
import { findLinkedUserId } from '../oauth/oauth.repo.ts';
import { signInIdentity } from '../oauth/oauth.service.ts';
import { type OidcState, signOidcState } from './oidc-state.ts';

type OidcDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'secrets' | 'log' | 'oidc'>;

export const callbackUrl = (baseUrl: string) => `${baseUrl}/auth/oidc/callback`;

/** 400: the round trip cannot be finished; the user starts again. */
const failed = (why: string) => new AppError(400, 'OIDC_FAILED', `${why} Start again from the sign-in page.`);
/** 403: the provider signed the user in, but this server does not let them in. */
const refused = (why: string) => new AppError(403, 'FORBIDDEN', why);

function settings(deps: Pick<Deps, 'config'>) {
  const cfg = deps.config.oidc;
  if (!cfg) throw new AppError(404, 'OIDC_NOT_CONFIGURED', 'Single sign-on is not configured on this server.');
  return cfg;
}

/** A new round trip: where to send the browser, and the signed cookie value that remembers it. */
export async function startOidc(deps: OidcDeps): Promise<{ url: string; cookie: string }> {
  settings(deps);
  const client = await deps.oidc.configuration();
  const saved: OidcState = {
    state: oidc.randomState(),
    verifier: oidc.randomPKCECodeVerifier(),
    nonce: oidc.randomNonce(),
  };
  const url = oidc.buildAuthorizationUrl(client, {
    redirect_uri: callbackUrl(deps.config.baseUrl),
    scope: 'openid email',
    state: saved.state,
    nonce: saved.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(saved.verifier),
    code_challenge_method: 'S256',
  });
  return { url: url.href, cookie: await signOidcState(deps.secrets.jwtSecret, saved, deps.clock.now()) };
}

function sameString(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Why the exchange or the ID token was refused, in words for the error page. */
function exchangeRefusal(err: unknown, name: string): AppError {
  if (err instanceof oidc.ResponseBodyError && err.error === 'invalid_grant') {
    return failed('This sign-in link was already used or has expired.');
  }
  const claim = ((err as { cause?: { cause?: { claim?: unknown } } }).cause?.cause?.claim ?? '') as string;
  if (claim === 'nonce') return failed('The identity token does not belong to the sign-in started in this browser.');
  return failed(`${name} did not confirm the sign-in.`);
}

/**
 * The verified identity of a finished round trip: the ID token's `sub`, and the email with its
 * `email_verified`, from the ID token or, when it carries no email (providers may keep it for the
 * userinfo endpoint), from userinfo for the same `sub`.
 */
async function verifiedIdentity(deps: OidcDeps, saved: OidcState, search: string) {
  const cfg = settings(deps);
  const client = await deps.oidc.configuration();
  const currentUrl = new URL(`${callbackUrl(deps.config.baseUrl)}${search}`);
  try {
    const tokens = await oidc.authorizationCodeGrant(client, currentUrl, {
      pkceCodeVerifier: saved.verifier,
      expectedState: saved.state,
      expectedNonce: saved.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    const source =
      typeof claims.email === 'string' ? claims : await oidc.fetchUserInfo(client, tokens.access_token, claims.sub);
    const email = typeof source.email === 'string' ? source.email : undefined;
    return { issuer: client.serverMetadata().issuer, sub: claims.sub, email, emailVerified: source.email_verified };
  } catch (err) {
    deps.log.warn({ err }, 'oidc sign-in refused');
    throw exchangeRefusal(err, cfg.name);
  }
}

/**
 * Finishes a round trip and returns the signed-in user's id. `saved` is the cookie's content
 * (undefined when missing, expired or forged: then nothing is exchanged); `query` the callback's
 * parameters and `search` its raw query string, which openid-client checks again.
 */
export async function finishOidc(
  deps: OidcDeps,
  saved: OidcState | undefined,
  query: Record<string, unknown>,
  search: string,
): Promise<string> {
  const cfg = settings(deps);
  const param = (k: string) => (typeof query[k] === 'string' ? (query[k] as string) : undefined);
  const error = param('error');
  if (error !== undefined) {
    // Only an error code's usual shape is shown: the parameters are the link's, whoever made it.
    const code = /^[\w.-]{1,60}$/.test(error) ? ` (${error})` : '';
    throw failed(`${cfg.name} did not sign you in${code}.`);
  }
  if (!saved) throw failed('This sign-in has expired or was not started in this browser.');
  const state = param('state');
  if (!state || !sameString(state, saved.state)) {
    throw failed('This sign-in response does not belong to the sign-in started in this browser.');
  }
  if (!param('code')) throw failed(`${cfg.name} sent no authorization code.`);
  const identity = await verifiedIdentity(deps, saved, search);
  // The issuer scopes `sub` (OIDC Core §2): an identity is linked as `<issuer>#<sub>`. An issuer has
  // no fragment, so the first '#' ends it.
  const accountId = `${identity.issuer}#${identity.sub}`;
  // From here the identity is known: a refusal of an account linked already names its user, so the
  // refused sign-in reaches that member's projects' audit logs (oidc.routes.ts).
  const known = await findLinkedUserId(deps.db, 'oidc', accountId);
  const refusedFor = (why: string) => Object.assign(refused(why), { userId: known });
  if (!identity.email || identity.emailVerified !== true) {
    throw refusedFor(`Your account at ${cfg.name} has no verified email address, so it cannot sign in here.`);
  }
  const email = normalizeEmail(identity.email);
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const allowed = cfg.allowedDomains.map((d) => d.toLowerCase());
  if (allowed.length > 0 && !allowed.includes(domain)) {
    throw refusedFor(`Addresses at ${domain} may not sign in to this server with ${cfg.name}.`);
  }
  return signInIdentity(deps, 'oidc', { accountId, email });
}
