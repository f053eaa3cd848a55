/**
 * GitHub and Google as OAuth 2.0 providers: arctic's generic client against the configured endpoints
 * (real ones by default; tests point them at a loopback server), authorization code with PKCE S256,
 * then the user's verified email from the provider's API. The API URLs are operator configuration,
 * never user input, so they are fetched directly.
 */
import { CodeChallengeMethod, OAuth2Client } from 'arctic';
import type { OAuthProviderConfig } from '../../config.ts';
import type { OAuthProvider } from '../../db/auth-tables.ts';

export const PROVIDERS: readonly OAuthProvider[] = ['github', 'google'];

const SCOPES: Record<OAuthProvider, string[]> = {
  github: ['read:user', 'user:email'],
  google: ['openid', 'email'],
};

/** Profile API calls may take this long before the sign-in fails. */
const API_TIMEOUT_MS = 10_000;

export interface ProviderIdentity {
  accountId: string;
  /** The account's email, lower-cased, and whether the provider has verified it. */
  email?: string;
  emailVerified: boolean;
}

function callbackUrl(baseUrl: string, provider: OAuthProvider): string {
  return `${baseUrl}/auth/oauth/${provider}/callback`;
}

function client(cfg: OAuthProviderConfig, baseUrl: string, provider: OAuthProvider) {
  return new OAuth2Client(cfg.clientId, cfg.clientSecret, callbackUrl(baseUrl, provider));
}

export function authorizationUrl(
  provider: OAuthProvider,
  cfg: OAuthProviderConfig,
  baseUrl: string,
  state: string,
  verifier: string,
): URL {
  return client(cfg, baseUrl, provider).createAuthorizationURLWithPKCE(
    cfg.authorizeUrl,
    state,
    CodeChallengeMethod.S256,
    verifier,
    SCOPES[provider],
  );
}

/** Exchanges the code (with the PKCE verifier) for an access token; throws on any refusal. */
export async function exchangeCode(
  provider: OAuthProvider,
  cfg: OAuthProviderConfig,
  baseUrl: string,
  code: string,
  verifier: string,
): Promise<string> {
  const tokens = await client(cfg, baseUrl, provider).validateAuthorizationCode(cfg.tokenUrl, code, verifier);
  return tokens.accessToken();
}

async function getJson(url: string, accessToken: string): Promise<unknown> {
  const res = await fetch(url, {
    headers: {
      authorization: `Bearer ${accessToken}`,
      accept: 'application/json',
      // GitHub's API refuses requests without a User-Agent.
      'user-agent': 'Mailwright',
    },
    signal: AbortSignal.timeout(API_TIMEOUT_MS),
    redirect: 'error',
  });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.json();
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

/** GitHub: the account id from /user, the primary verified address from /user/emails. */
async function githubIdentity(cfg: OAuthProviderConfig, accessToken: string): Promise<ProviderIdentity> {
  const user = (await getJson(`${cfg.apiUrl}/user`, accessToken)) as { id?: unknown };
  const id = typeof user.id === 'number' || typeof user.id === 'string' ? String(user.id) : undefined;
  if (!id) throw new Error('GitHub /user has no id');
  const emails = await getJson(`${cfg.apiUrl}/user/emails`, accessToken);
  const list = Array.isArray(emails) ? (emails as Array<Record<string, unknown>>) : [];
  const primary = list.find((e) => e.primary === true && str(e.email));
  return {
    accountId: id,
    email: primary ? str(primary.email)!.toLowerCase() : undefined,
    emailVerified: primary?.verified === true,
  };
}

/** Google: the OpenID Connect userinfo (`sub`, `email`, `email_verified`). */
async function googleIdentity(cfg: OAuthProviderConfig, accessToken: string): Promise<ProviderIdentity> {
  const info = (await getJson(cfg.apiUrl, accessToken)) as Record<string, unknown>;
  const sub = str(info.sub);
  if (!sub) throw new Error('Google userinfo has no sub');
  return { accountId: sub, email: str(info.email)?.toLowerCase(), emailVerified: info.email_verified === true };
}

export function fetchIdentity(provider: OAuthProvider, cfg: OAuthProviderConfig, accessToken: string) {
  return provider === 'github' ? githubIdentity(cfg, accessToken) : googleIdentity(cfg, accessToken);
}
