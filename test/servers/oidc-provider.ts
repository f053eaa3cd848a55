// OpenID Connect provider: a real one (the `oidc-provider` package, with its development login and
// consent pages) on a loopback port, for the single sign-on tests. One confidential client whose
// redirect URI is our callback; PKCE S256 required; users chosen by the test, each a login name
// with the email claims it releases. It can be switched "down" (404 for everything, discovery
// included) and back up, and can take a port given in advance (a provider that was not there yet).
// `signIn()` plays the user's browser at the provider: redirects followed by hand with a cookie jar,
// the login and consent forms submitted, until the provider redirects back to our server.

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface OidcUser {
  email?: string;
  email_verified?: boolean;
}

export interface OidcProviderOptions {
  /** Our callback, registered as the client's only redirect URI. */
  redirectUri: string;
  /** Listen on this port (default: any free one). */
  port?: number;
  /** How the client authenticates at the token endpoint (default client_secret_basic). */
  authMethod?: 'client_secret_basic' | 'client_secret_post';
  /** Put the email claims into the ID token too; by default (conformant) they come from userinfo only. */
  emailInIdToken?: boolean;
  /** Start answering 404 to everything. */
  down?: boolean;
}

export interface OidcProviderServer {
  issuer: string;
  port: number;
  clientId: string;
  clientSecret: string;
  /** Login name → the email claims that user releases; `sub` is the login name. */
  users: Map<string, OidcUser>;
  /** Every request's method and path, in arrival order. */
  requests: string[];
  /** Up: the provider answers; down: 404 to everything. */
  setDown(down: boolean): void;
  /** The environment that points our server at this provider. */
  env(): Record<string, string>;
  /** Plays the user signing in as `login` at `authorizeUrl`; returns where the provider sends the browser back. */
  signIn(authorizeUrl: string, login: string): Promise<string>;
  close(): Promise<void>;
}

const CLIENT_ID = 'mailwright-test';
const CLIENT_SECRET = 'mailwright-test-secret-0123456789';

export async function startOidcProvider(opts: OidcProviderOptions): Promise<OidcProviderServer> {
  const users = new Map<string, OidcUser>();
  const requests: string[] = [];
  let down = opts.down ?? false;
  let handler: http.RequestListener | undefined;
  const server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    if (down || !handler) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
      return;
    }
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [opts.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: opts.authMethod ?? 'client_secret_basic',
      },
    ],
    findAccount: async (_ctx, id) => {
      const user = users.get(id);
      return user ? { accountId: id, claims: async () => ({ sub: id, ...user }) } : undefined;
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    conformIdTokenClaims: !opts.emailInIdToken,
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true, methods: ['S256'] },
    cookies: { keys: ['oidc-provider-test-cookie-key-0123456789'] },
    // Lifetimes given, so the provider does not remark on its defaults.
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
  });
  handler = provider.callback();

  return {
    issuer,
    port,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    users,
    requests,
    setDown(value) {
      down = value;
    },
    env: () => ({
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_CLIENT_AUTH_METHOD: opts.authMethod ?? 'client_secret_basic',
    }),
    signIn: (authorizeUrl, login) => playBrowser(issuer, authorizeUrl, login),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's cookies for one site: name → value (paths ignored; one sign-in at a time). */
function storeCookies(jar: Map<string, string>, res: Response): void {
  for (const line of res.headers.getSetCookie()) {
    const [pair = '', ...attrs] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attrs.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a) || /^\s*max-age=0\s*$/i.test(a));
    if (expired || value === '') jar.delete(name);
    else jar.set(name, value);
  }
}

/** Follows the provider's pages from `authorizeUrl` until it redirects away from itself. */
async function playBrowser(issuer: string, authorizeUrl: string, login: string): Promise<string> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  let url = authorizeUrl;
  let form: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    if (!url.startsWith(`${issuer}/`)) return url;
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: cookie(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form?.toString(),
    });
    storeCookies(jar, res);
    form = undefined;
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).href;
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`provider answered ${res.status} at ${url}: ${html.slice(0, 300)}`);
    // The development interaction pages post back to their own URL.
    if (html.includes('name="prompt" value="login"'))
      form = new URLSearchParams({ prompt: 'login', login, password: 'x' });
    else if (html.includes('name="prompt" value="consent"')) form = new URLSearchParams({ prompt: 'consent' });
    else throw new Error(`unexpected provider page at ${url}: ${html.slice(0, 300)}`);
  }
  throw new Error('the provider never redirected back');
}
