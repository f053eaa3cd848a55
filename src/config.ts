/**
 * The only reader of process.env. Parses and validates every setting of the run contract once,
 * reporting all problems together so a misconfigured start fails fast with one clear message.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type DatabaseKind = 'sqlite' | 'postgres';

export type MailTransportKind = 'capture' | 'smtp' | 'ses';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseKind: DatabaseKind;
  /** PostgreSQL connection string; undefined on SQLite. */
  databaseUrl?: string;
  /** SQLite file path; undefined on PostgreSQL. */
  sqlitePath?: string;
  baseUrl: string;
  /** The built dashboard (index.html and assets/); served at `/` when present. */
  webDistDir: string;
  smtpUrl?: string;
  dnsServers: string[];
  /** Per-try DNS timeout; a slow resolver must not hold a request for long. */
  dnsTimeoutMs: number;
  webhookAllowedHosts: string[];
  /** One outgoing webhook call (WEBHOOK step), redirects included, may take this long. */
  webhookTimeoutMs: number;
  /** Bytes of a webhook's response that are read (and kept on the step, shortened); the rest is dropped. */
  webhookMaxResponseBytes: number;
  /** Calls of one WEBHOOK step (a 5xx, a timeout or a network error is tried again) before it fails. */
  webhookMaxAttempts: number;
  /** Executions one workflow run works on at once. */
  workflowConcurrency: number;
  /** Due executions one claim takes. */
  workflowBatchSize: number;
  /** How long a claimed execution is held without renewal; a killed worker's executions come back after it. */
  workflowLeaseMs: number;
  inboundSmtpPort?: number;
  disableSignups: boolean;
  redisUrl?: string;
  logLevel: string;
  trustProxy: boolean;
  rateLimitPerMinute: number;
  workerConcurrency: number;
  /**
   * How long a claim on a job (SQLite queue) or a job row (import, bulk action) holds unless renewed;
   * a dead or hung worker's work is taken back this long after its last renewal.
   */
  jobLeaseMs: number;
  /** A handler of the SQLite queue running longer than this stops renewing its lease, and its job is retried. */
  jobMaxRunMs: number;
  /** Columns a CSV import's header may have; a wider file is refused. */
  importMaxColumns: number;
  /** Connections in the PostgreSQL pool of each process (Graphile Worker shares it). */
  pgPoolSize: number;
  /** JSON bodies nested deeper than this many containers are refused with 422 (http/input-guard.ts). */
  bodyMaxDepth: number;
  /** JSON body objects with more keys than this are refused with 422. */
  bodyMaxKeys: number;
  /** Invalid API keys one client IP may send per minute before further invalid ones get 429. */
  apiKeyFailuresPerMinute: number;
  /** Bearer token /metrics requires; unset: /metrics answers loopback clients only. */
  metricsToken?: string;
  /** Custom fields a project may define; a write adding one more is refused with 422. */
  maxCustomFields: number;
  /** SPF mechanism domain of the relay that sends for us (e.g. `spf.relay.example`), published as `include:`. */
  spfInclude?: string;
  /** Optional bounce (return-path) host under each sending domain and the MX it must point at. */
  returnPath?: { host: string; mx: string };
  /** Refuse senders on unverified domains; default on, except with the capture outbox (local use). */
  requireVerifiedDomain: boolean;
  /** Where outgoing mail goes: `capture` (stored, GET /outbox), `smtp` (SMTP_URL) or `ses` (SES v2 API). */
  mailTransport: MailTransportKind;
  /** Connections of the SMTP pool per process. */
  smtpPoolSize: number;
  /** SES v2 settings (MAIL_TRANSPORT=ses); credentials come from the AWS variables when not given here. */
  ses: { region: string; endpoint?: string; accessKeyId?: string; secretAccessKey?: string; configurationSet?: string };
  /** Emails per second a project sends when its own setting is unset. */
  sendRatePerSecond: number;
  /** Messages one delivery worker hands to the transport at once. */
  deliveryConcurrency: number;
  /** Outbox rows one claim takes. */
  deliveryBatchSize: number;
  /** How long a claimed outbox row is held without renewal; a killed worker's rows come back after it. */
  deliveryLeaseMs: number;
  /** Sends of one email before a temporary failure becomes FAILED. */
  deliveryMaxAttempts: number;
  /** Total decoded attachment bytes one /v1/send may carry. */
  attachmentsMaxBytes: number;
  /** Automatic suspension (docs/project-safety.md): window, thresholds (fractions) and the volume below which it never fires. */
  suspension: { windowDays: number; bounceRate: number; complaintRate: number; minVolume: number };
  /** SNS topics whose notifications /webhooks/sns accepts; empty: none are accepted. */
  snsTopicArns: string[];
  /** Hosts SNS signing certificates may be fetched from; default: AWS's `sns.<region>.amazonaws.com` hosts. */
  snsCertHosts: string[];
  /** Sender of account mail (verification, password reset, invitations): SYSTEM_EMAIL_FROM / SYSTEM_EMAIL_NAME. */
  systemEmail: { from: string; name: string };
  /** OAuth sign-in providers; a provider is enabled when its client id and secret are both set. */
  oauth: { github?: OAuthProviderConfig; google?: OAuthProviderConfig };
  /** Stripe billing (docs/billing.md); undefined (billing off) unless STRIPE_SECRET_KEY is set. */
  billing?: BillingConfig;
  /** Secrets given in the environment; missing ones are generated and kept in DATA_DIR (see secrets.ts). */
  secrets: { jwtSecret?: string; signingSecret?: string; encryptionKey?: string };
  /** Image uploads (docs/uploads.md): size cap, local directory, and S3-compatible storage when S3_BUCKET is set. */
  uploads: UploadsConfig;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type Env = Record<string, string | undefined>;

/** Reads the configuration from `env` (process.env by default); throws ConfigError listing every problem. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return n;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = env[name]?.trim().toLowerCase();
    if (raw === undefined || raw === '') return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    problems.push(`${name} must be true or false (got "${env[name]}")`);
    return fallback;
  };

  const port = int('PORT', 3000, 0, 65535);
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  let databaseKind: DatabaseKind = 'sqlite';
  if (databaseUrl) {
    if (/^postgres(ql)?:\/\//.test(databaseUrl)) databaseKind = 'postgres';
    else if (!databaseUrl.startsWith('sqlite:')) {
      problems.push(
        'DATABASE_URL must be a postgres:// URL (or sqlite:<path>; leave unset for DATA_DIR/mailwright.db)',
      );
    }
  }
  const sqlitePath =
    databaseKind === 'sqlite'
      ? databaseUrl?.startsWith('sqlite:')
        ? path.resolve(databaseUrl.slice('sqlite:'.length))
        : path.join(dataDir, 'mailwright.db')
      : undefined;

  const baseUrl = (env.BASE_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  if (!isHttpUrl(baseUrl)) problems.push(`BASE_URL must be an http(s) URL (got "${env.BASE_URL}")`);

  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl && !/^smtps?:\/\/[^/]+/.test(smtpUrl))
    problems.push('SMTP_URL must look like smtp://user:pass@host:port');

  const dnsServers = list(env.DNS_SERVERS);
  for (const s of dnsServers) if (!isDnsServer(s)) problems.push(`DNS_SERVERS entry "${s}" is not an IP or IP:port`);

  const inboundRaw = env.INBOUND_SMTP_PORT;
  const inboundSmtpPort = inboundRaw ? int('INBOUND_SMTP_PORT', 0, 1, 65535) : undefined;

  const redisUrl = env.REDIS_URL?.trim() || undefined;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) problems.push('REDIS_URL must be a redis:// URL');

  const logLevel = env.LOG_LEVEL || 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "${logLevel}")`);
  }

  const spfInclude = env.SPF_INCLUDE?.trim() || undefined;
  const returnPathHost = env.RETURN_PATH_HOST?.trim() || undefined;
  const returnPathMx = env.RETURN_PATH_MX?.trim() || undefined;
  if ((returnPathHost === undefined) !== (returnPathMx === undefined)) {
    problems.push('RETURN_PATH_HOST and RETURN_PATH_MX must be set together');
  }

  const transportRaw = env.MAIL_TRANSPORT?.trim().toLowerCase() || (smtpUrl ? 'smtp' : 'capture');
  let mailTransport: MailTransportKind = 'capture';
  if (transportRaw === 'capture' || transportRaw === 'smtp' || transportRaw === 'ses') mailTransport = transportRaw;
  else problems.push(`MAIL_TRANSPORT must be capture, smtp or ses (got "${env.MAIL_TRANSPORT}")`);
  if (mailTransport === 'smtp' && !smtpUrl) problems.push('MAIL_TRANSPORT=smtp needs SMTP_URL');
  const sesRegion = env.SES_REGION?.trim() || env.AWS_REGION?.trim() || '';
  if (mailTransport === 'ses' && !sesRegion) problems.push('MAIL_TRANSPORT=ses needs SES_REGION (or AWS_REGION)');
  const sesEndpoint = env.SES_ENDPOINT?.trim() || undefined;
  if (sesEndpoint && !isHttpUrl(sesEndpoint)) problems.push('SES_ENDPOINT must be an http(s) URL');

  const secrets = {
    jwtSecret: secret(env, 'JWT_SECRET', problems),
    signingSecret: secret(env, 'SIGNING_SECRET', problems),
    encryptionKey: secret(env, 'ENCRYPTION_KEY', problems),
  };

  const config: Config = {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseKind,
    databaseUrl: databaseKind === 'postgres' ? databaseUrl : undefined,
    sqlitePath,
    baseUrl,
    webDistDir: path.resolve(env.WEB_DIST_DIR || fileURLToPath(new URL('../web/dist', import.meta.url))),
    smtpUrl,
    dnsServers,
    dnsTimeoutMs: int('DNS_TIMEOUT_MS', 2500, 50, 30_000),
    webhookAllowedHosts: list(env.WEBHOOK_ALLOWED_HOSTS),
    webhookTimeoutMs: int('WEBHOOK_TIMEOUT_MS', 10_000, 100, 60_000),
    webhookMaxResponseBytes: int('WEBHOOK_MAX_RESPONSE_BYTES', 64 * 1024, 1024, 10 * 1024 * 1024),
    webhookMaxAttempts: int('WEBHOOK_MAX_ATTEMPTS', 6, 1, 20),
    workflowConcurrency: int('WORKFLOW_CONCURRENCY', 20, 1, 500),
    workflowBatchSize: int('WORKFLOW_BATCH_SIZE', 100, 1, 5000),
    workflowLeaseMs: int('WORKFLOW_LEASE_SECONDS', 30, 2, 600) * 1000,
    inboundSmtpPort,
    disableSignups: bool('DISABLE_SIGNUPS', false),
    redisUrl,
    logLevel,
    trustProxy: bool('TRUST_PROXY', false),
    rateLimitPerMinute: int('RATE_LIMIT_PER_MINUTE', 1000, 1, 1_000_000),
    workerConcurrency: int('WORKER_CONCURRENCY', 4, 1, 64),
    jobLeaseMs: int('JOB_LEASE_SECONDS', 60, 1, 3600) * 1000,
    jobMaxRunMs: int('JOB_MAX_RUN_SECONDS', 3600, 1, 86_400) * 1000,
    importMaxColumns: int('IMPORT_MAX_COLUMNS', 500, 2, 10_000),
    pgPoolSize: int('DATABASE_POOL_SIZE', 10, 2, 500),
    maxCustomFields: int('MAX_CUSTOM_FIELDS', 500, 1, 10_000),
    bodyMaxDepth: int('BODY_MAX_DEPTH', 32, 2, 256),
    bodyMaxKeys: int('BODY_MAX_KEYS', 1000, 10, 10_000),
    apiKeyFailuresPerMinute: int('API_KEY_FAILURES_PER_MINUTE', 20, 1, 1_000_000),
    metricsToken: secret(env, 'METRICS_TOKEN', problems, 16),
    spfInclude,
    returnPath: returnPathHost && returnPathMx ? { host: returnPathHost, mx: returnPathMx } : undefined,
    requireVerifiedDomain: bool('REQUIRE_VERIFIED_DOMAIN', mailTransport !== 'capture'),
    mailTransport,
    smtpPoolSize: int('SMTP_POOL_SIZE', 5, 1, 100),
    ses: {
      region: sesRegion,
      endpoint: sesEndpoint,
      accessKeyId: env.AWS_ACCESS_KEY_ID?.trim() || undefined,
      secretAccessKey: env.AWS_SECRET_ACCESS_KEY?.trim() || undefined,
      configurationSet: env.SES_CONFIGURATION_SET?.trim() || undefined,
    },
    sendRatePerSecond: int('SEND_RATE_PER_SECOND', 100, 1, 100_000),
    deliveryConcurrency: int('DELIVERY_CONCURRENCY', 20, 1, 500),
    deliveryBatchSize: int('DELIVERY_BATCH_SIZE', 100, 1, 5000),
    deliveryLeaseMs: int('DELIVERY_LEASE_SECONDS', 30, 5, 600) * 1000,
    deliveryMaxAttempts: int('DELIVERY_MAX_ATTEMPTS', 8, 1, 50),
    attachmentsMaxBytes: int('ATTACHMENTS_MAX_BYTES', 10 * 1024 * 1024, 1024, 40 * 1024 * 1024),
    suspension: {
      windowDays: int('SUSPENSION_WINDOW_DAYS', 7, 1, 90),
      bounceRate: fraction(env, 'SUSPEND_BOUNCE_RATE', 0.05, problems),
      complaintRate: fraction(env, 'SUSPEND_COMPLAINT_RATE', 0.001, problems),
      minVolume: int('SUSPEND_MIN_VOLUME', 500, 1, 100_000_000),
    },
    snsTopicArns: list(env.SNS_TOPIC_ARNS),
    snsCertHosts: list(env.SNS_CERT_HOSTS),
    systemEmail: systemEmailConfig(env, baseUrl, problems),
    oauth: oauthConfig(env, problems),
    billing: billingConfig(env, problems),
    uploads: uploadsConfig(
      env,
      dataDir,
      int('UPLOAD_MAX_BYTES', 5 * 1024 * 1024, 1024, 100 * 1024 * 1024),
      bool('S3_FORCE_PATH_STYLE', false),
      problems,
    ),
    secrets,
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  /** GitHub: the REST API base (…/user, …/user/emails); Google: the OpenID userinfo endpoint. */
  apiUrl: string;
}

const OAUTH_DEFAULTS = {
  github: {
    authorize: 'https://github.com/login/oauth/authorize',
    token: 'https://github.com/login/oauth/access_token',
    api: 'https://api.github.com',
  },
  google: {
    authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
    token: 'https://oauth2.googleapis.com/token',
    api: 'https://openidconnect.googleapis.com/v1/userinfo',
  },
};

/** GITHUB_/GOOGLE_CLIENT_ID and _SECRET (both or neither), endpoints overridable by OAUTH_<P>_*_URL. */
function oauthConfig(env: Env, problems: string[]): Config['oauth'] {
  const out: Config['oauth'] = {};
  for (const p of ['github', 'google'] as const) {
    const P = p.toUpperCase();
    const clientId = env[`${P}_CLIENT_ID`]?.trim() || undefined;
    const clientSecret = env[`${P}_CLIENT_SECRET`]?.trim() || undefined;
    if ((clientId === undefined) !== (clientSecret === undefined)) {
      problems.push(`${P}_CLIENT_ID and ${P}_CLIENT_SECRET must be set together`);
    }
    const url = (name: string, fallback: string) => {
      const raw = env[name]?.trim().replace(/\/+$/, '') || fallback;
      if (!isHttpUrl(raw)) problems.push(`${name} must be an http(s) URL (got "${raw}")`);
      return raw;
    };
    const d = OAUTH_DEFAULTS[p];
    const endpoints = {
      authorizeUrl: url(`OAUTH_${P}_AUTHORIZE_URL`, d.authorize),
      tokenUrl: url(`OAUTH_${P}_TOKEN_URL`, d.token),
      apiUrl: url(`OAUTH_${P}_API_URL`, d.api),
    };
    if (clientId && clientSecret) out[p] = { clientId, clientSecret, ...endpoints };
  }
  return out;
}

export interface UploadsConfig {
  /** Largest image accepted, in bytes; a bigger one is refused with 413. */
  maxBytes: number;
  /** DATA_DIR/uploads: images on local storage, and the staging area of every upload. */
  dir: string;
  s3?: S3Config;
}

export interface S3Config {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  /** Both or neither; without them the SDK's default credential chain (AWS_* variables, instance roles) is used. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Public base of the bucket (a CDN or the bucket's website); unset: images are served through GET /uploads/:file. */
  publicUrl?: string;
}

/** UPLOAD_MAX_BYTES and the S3_* variables; S3 settings without S3_BUCKET are a mistake worth reporting. */
function uploadsConfig(
  env: Env,
  dataDir: string,
  maxBytes: number,
  forcePathStyle: boolean,
  problems: string[],
): UploadsConfig {
  const get = (name: string) => env[name]?.trim() || undefined;
  const bucket = get('S3_BUCKET');
  const others = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'].filter(get);
  const dir = path.join(dataDir, 'uploads');
  if (!bucket) {
    if (others.length > 0) problems.push(`${others.join(', ')} set without S3_BUCKET`);
    return { maxBytes, dir };
  }
  const endpoint = get('S3_ENDPOINT')?.replace(/\/+$/, '');
  if (endpoint && !isHttpUrl(endpoint)) problems.push('S3_ENDPOINT must be an http(s) URL');
  const publicUrl = get('S3_PUBLIC_URL')?.replace(/\/+$/, '');
  if (publicUrl && !isHttpUrl(publicUrl)) problems.push('S3_PUBLIC_URL must be an http(s) URL');
  const accessKeyId = get('S3_ACCESS_KEY_ID');
  const secretAccessKey = get('S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  return {
    maxBytes,
    dir,
    s3: {
      bucket,
      region: get('S3_REGION') || get('AWS_REGION') || 'us-east-1',
      endpoint,
      forcePathStyle,
      accessKeyId,
      secretAccessKey,
      publicUrl,
    },
  };
}

export interface BillingConfig {
  secretKey: string;
  /** Verifies POST /webhooks/incoming/stripe; without it the receiver answers BILLING_DISABLED. */
  webhookSecret?: string;
  /** The subscription price checkout sells; without it checkout answers BILLING_DISABLED. */
  priceId?: string;
  /** Where the Stripe API is (tests point it at a loopback server). */
  apiUrl: string;
}

/** STRIPE_SECRET_KEY turns billing on; STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID and STRIPE_API_URL complete it. */
function billingConfig(env: Env, problems: string[]): BillingConfig | undefined {
  const secretKey = env.STRIPE_SECRET_KEY?.trim() || undefined;
  const apiUrl = env.STRIPE_API_URL?.trim().replace(/\/+$/, '') || 'https://api.stripe.com';
  if (!isHttpUrl(apiUrl)) problems.push(`STRIPE_API_URL must be an http(s) URL (got "${apiUrl}")`);
  if (!secretKey) return undefined;
  return {
    secretKey,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET?.trim() || undefined,
    priceId: env.STRIPE_PRICE_ID?.trim() || undefined,
    apiUrl,
  };
}

function systemEmailConfig(env: Env, baseUrl: string, problems: string[]): Config['systemEmail'] {
  let host = 'localhost';
  try {
    host = new URL(baseUrl).hostname;
  } catch {
    // BASE_URL is reported above.
  }
  const from = (env.SYSTEM_EMAIL_FROM?.trim() || `no-reply@${host}`).toLowerCase();
  if (!/^[^\s@<>"]+@[^\s@<>"]+$/.test(from)) {
    problems.push(`SYSTEM_EMAIL_FROM must be an email address (got "${from}")`);
  }
  const name = env.SYSTEM_EMAIL_NAME?.trim() || 'Mailwright';
  if (/[\r\n]/.test(name)) problems.push('SYSTEM_EMAIL_NAME must be one line');
  return { from, name };
}

/** A rate in (0, 1]; 1 means the check never fires before every email failed. */
function fraction(env: Env, name: string, fallback: number, problems: string[]): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0 || n > 1) {
    problems.push(`${name} must be a number above 0 and at most 1, e.g. 0.05 for 5 % (got "${raw}")`);
    return fallback;
  }
  return n;
}

function list(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

function isDnsServer(value: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(value);
  if (bracketed) return isIP(bracketed[1]!) === 6;
  if (isIP(value)) return true;
  const m = /^([^:]+):(\d{1,5})$/.exec(value);
  return m !== null && isIP(m[1]!) === 4 && Number(m[2]) <= 65535;
}

function secret(env: Env, name: string, problems: string[], minLength = 32): string | undefined {
  const v = env[name];
  if (v === undefined || v === '') return undefined;
  // A short secret makes forged sessions and links feasible; refuse it rather than run weak.
  if (v.length < minLength) problems.push(`${name} must be at least ${minLength} characters`);
  return v;
}
