/**
 * The OpenID Connect provider as this process knows it: discovered from OIDC_ISSUER once, then kept.
 * A failing discovery (issuer unreachable, not an OpenID provider) never stops the service: it is
 * logged, reported by /ready, and tried again lazily, on the first use after a back-off that doubles
 * from 5 seconds to 5 minutes, so a provider that comes back is picked up without a restart.
 */
import * as oidc from 'openid-client';
import type { Config } from '../../config.ts';
import type { CoreDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';

declare module '../../deps.ts' {
  interface FeatureState {
    /** The OpenID Connect provider (OIDC_ISSUER); see auth/oidc/oidc-client.ts. */
    oidc: OidcClient;
  }
}

const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 5 * 60_000;
/** Discovery, token and userinfo requests may take this long (seconds, openid-client's unit). */
const REQUEST_TIMEOUT_SECONDS = 10;

/** What /ready reports about single sign-on. */
export interface OidcReadiness {
  ready: boolean;
  /** Why it is not ready: discovery is under way, or what the last attempt ran into. */
  error?: string;
}

export interface OidcClient {
  /** The discovered provider; discovers it first when due. Throws 503 OIDC_UNAVAILABLE while it cannot be. */
  configuration(): Promise<oidc.Configuration>;
  /** Undefined when OIDC is not configured; otherwise whether it works. Starts a due retry in the background. */
  readiness(): OidcReadiness | undefined;
}

export function oidcUnavailable(name: string): AppError {
  return new AppError(
    503,
    'OIDC_UNAVAILABLE',
    `Sign-in with ${name} is unavailable right now: the identity provider could not be reached. ` +
      'Try again in a few minutes, or sign in with your password.',
  );
}

/** Discovery, then the client, authenticating at the token endpoint as OIDC_CLIENT_AUTH_METHOD says. */
async function discover(cfg: NonNullable<Config['oidc']>): Promise<oidc.Configuration> {
  const auth =
    cfg.clientAuthMethod === 'client_secret_basic'
      ? oidc.ClientSecretBasic(cfg.clientSecret)
      : oidc.ClientSecretPost(cfg.clientSecret);
  const client = await oidc.discovery(new URL(cfg.issuer), cfg.clientId, cfg.clientSecret, auth, {
    // Also the timeout of every later request with this client (token, userinfo, keys).
    timeout: REQUEST_TIMEOUT_SECONDS,
    // An http:// issuer is the operator's explicit choice (a provider on the same host or network).
    execute: cfg.issuer.startsWith('http://') ? [oidc.allowInsecureRequests] : [],
  });
  const server = client.serverMetadata();
  const missing = (['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const).filter((k) => !server[k]);
  if (missing.length > 0) throw new Error(`not an OpenID provider: its discovery document lacks ${missing.join(', ')}`);
  return client;
}

/** One line on why discovery failed, for /ready (the log has the whole error). */
function problemOf(err: unknown): string {
  const e = err as { message?: string; cause?: { code?: string; message?: string } };
  const detail = e.cause?.code ?? e.cause?.message;
  const message = `${e.message ?? String(err)}${detail && !e.message?.includes(detail) ? ` (${detail})` : ''}`;
  return `OpenID Connect discovery failed: ${message}`.slice(0, 300);
}

export function createOidcClient(core: Pick<CoreDeps, 'config' | 'clock' | 'log'>): OidcClient {
  const cfg = core.config.oidc;
  let ready: oidc.Configuration | undefined;
  let running: Promise<oidc.Configuration> | undefined;
  let lastError: string | undefined;
  let nextTryAt = 0;
  let delay = FIRST_RETRY_MS;

  const attempt = (settings: NonNullable<Config['oidc']>) => {
    running ??= discover(settings)
      .then((found) => {
        if (lastError)
          core.log.info({ issuer: settings.issuer }, 'OpenID Connect discovery succeeded; single sign-on is back');
        ready = found;
        lastError = undefined;
        return found;
      })
      .catch((err: unknown) => {
        lastError = problemOf(err);
        nextTryAt = core.clock.now().getTime() + delay;
        core.log.error(
          { err, issuer: settings.issuer, retryInMs: delay },
          'OpenID Connect discovery failed; single sign-on is unavailable until it succeeds',
        );
        delay = Math.min(delay * 2, MAX_RETRY_MS);
        throw err;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const due = () => core.clock.now().getTime() >= nextTryAt;

  return {
    async configuration() {
      if (!cfg) throw new AppError(404, 'OIDC_NOT_CONFIGURED', 'Single sign-on is not configured on this server.');
      if (ready) return ready;
      if (!running && !due()) throw oidcUnavailable(cfg.name);
      try {
        return await attempt(cfg);
      } catch {
        throw oidcUnavailable(cfg.name);
      }
    },
    readiness() {
      if (!cfg) return undefined;
      if (ready) return { ready: true };
      if (!running && due()) attempt(cfg).catch(() => {});
      return { ready: false, error: lastError ?? 'OpenID Connect discovery has not finished yet' };
    },
  };
}
