// OAuth provider: a loopback HTTP server playing GitHub and Google for the sign-in tests. The
// authorize step is only a URL: `authorize()` parses the one our server redirected to, checks it
// (client id, redirect URI, PKCE S256) and issues a code the way the provider would after the user
// agreed. The token endpoints check the client's credentials, the code, the redirect URI and the
// code_verifier against the challenge; the user endpoints answer the identity the test chose.

import { createHash, randomBytes } from 'node:crypto';
import { type HttpListener, type RecordedRequest, startHttpListener } from './http-listener.ts';

export type ProviderName = 'github' | 'google';

/** Who signs in at the provider. */
export interface ProviderUser {
  id: string;
  email: string;
  verified: boolean;
}

interface Grant {
  provider: ProviderName;
  redirectUri: string;
  challenge: string;
  user: ProviderUser;
  used: boolean;
}

export interface OAuthProviderServer {
  url: string;
  listener: HttpListener;
  /** The environment that points our server at this provider (both providers enabled). */
  env(): Record<string, string>;
  /** Plays the user agreeing at the authorize URL; returns the code and the state to send back. */
  authorize(authorizeUrl: string, user: ProviderUser): { code: string; state: string; redirectUri: string };
  /** Token requests refused so far (wrong verifier, unknown or reused code …), with the reason. */
  refusals: string[];
  close(): Promise<void>;
}

export const CLIENTS: Record<ProviderName, { id: string; secret: string }> = {
  github: { id: 'gh-client-id', secret: 'gh-client-secret' },
  google: { id: 'google-client-id', secret: 'google-client-secret' },
};

const json = (status: number, body: unknown) => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export async function startOAuthProvider(): Promise<OAuthProviderServer> {
  const listener = await startHttpListener();
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, { provider: ProviderName; user: ProviderUser }>();
  const refusals: string[] = [];

  const refuse = (why: string) => {
    refusals.push(why);
    return json(400, { error: 'invalid_grant', error_description: why });
  };

  function token(provider: ProviderName, req: RecordedRequest) {
    const form = new URLSearchParams(req.body);
    const c = CLIENTS[provider];
    const basic = `Basic ${Buffer.from(`${c.id}:${c.secret}`).toString('base64')}`;
    if (req.headers.authorization !== basic) return refuse('bad client credentials');
    if (form.get('grant_type') !== 'authorization_code') return refuse('bad grant_type');
    const grant = grants.get(form.get('code') ?? '');
    if (!grant || grant.provider !== provider) return refuse('unknown code');
    if (grant.used) return refuse('code already used');
    grant.used = true;
    if (form.get('redirect_uri') !== grant.redirectUri) return refuse('redirect_uri mismatch');
    const verifier = form.get('code_verifier');
    if (!verifier) return refuse('missing code_verifier');
    if (createHash('sha256').update(verifier).digest('base64url') !== grant.challenge) {
      return refuse('code_verifier does not match the challenge');
    }
    const accessToken = randomBytes(16).toString('hex');
    tokens.set(accessToken, { provider, user: grant.user });
    return json(200, { access_token: accessToken, token_type: 'bearer', scope: 'user:email' });
  }

  function bearerUser(provider: ProviderName, req: RecordedRequest) {
    const t = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    return t && t.provider === provider ? t.user : undefined;
  }

  listener.respond((req) => {
    const path = req.path.split('?')[0];
    if (req.method === 'POST' && path === '/github/token') return token('github', req);
    if (req.method === 'POST' && path === '/google/token') return token('google', req);
    if (path === '/github/api/user') {
      const u = bearerUser('github', req);
      return u ? json(200, { id: Number(u.id), login: `user${u.id}` }) : json(401, { message: 'Bad credentials' });
    }
    if (path === '/github/api/user/emails') {
      const u = bearerUser('github', req);
      if (!u) return json(401, { message: 'Bad credentials' });
      return json(200, [
        { email: `other-${u.id}@users.noreply.example`, primary: false, verified: true },
        { email: u.email, primary: true, verified: u.verified },
      ]);
    }
    if (path === '/google/userinfo') {
      const u = bearerUser('google', req);
      return u ? json(200, { sub: u.id, email: u.email, email_verified: u.verified }) : json(401, {});
    }
    return json(404, { error: 'not_found' });
  });

  const url = listener.url;
  return {
    url,
    listener,
    refusals,
    env: () => ({
      GITHUB_CLIENT_ID: CLIENTS.github.id,
      GITHUB_CLIENT_SECRET: CLIENTS.github.secret,
      OAUTH_GITHUB_AUTHORIZE_URL: `${url}/github/authorize`,
      OAUTH_GITHUB_TOKEN_URL: `${url}/github/token`,
      OAUTH_GITHUB_API_URL: `${url}/github/api`,
      GOOGLE_CLIENT_ID: CLIENTS.google.id,
      GOOGLE_CLIENT_SECRET: CLIENTS.google.secret,
      OAUTH_GOOGLE_AUTHORIZE_URL: `${url}/google/authorize`,
      OAUTH_GOOGLE_TOKEN_URL: `${url}/google/token`,
      OAUTH_GOOGLE_API_URL: `${url}/google/userinfo`,
    }),
    authorize(authorizeUrl, user) {
      const u = new URL(authorizeUrl);
      const provider = u.pathname.split('/')[1] as ProviderName;
      if (!(provider in CLIENTS) || `${u.origin}/${provider}/authorize` !== `${url}/${provider}/authorize`) {
        throw new Error(`not an authorize URL of this provider: ${authorizeUrl}`);
      }
      const p = u.searchParams;
      if (p.get('response_type') !== 'code') throw new Error('response_type is not code');
      if (p.get('client_id') !== CLIENTS[provider].id) throw new Error('wrong client_id');
      if (p.get('code_challenge_method') !== 'S256') throw new Error('PKCE S256 missing');
      const challenge = p.get('code_challenge');
      const state = p.get('state');
      const redirectUri = p.get('redirect_uri');
      if (!challenge || !state || !redirectUri) throw new Error('challenge, state or redirect_uri missing');
      const code = randomBytes(12).toString('hex');
      grants.set(code, { provider, redirectUri, challenge, user, used: false });
      return { code, state, redirectUri };
    },
    close: () => listener.close(),
  };
}
