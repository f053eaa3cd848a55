/**
 * Amazon SNS message verification, as AWS documents it ("Verifying the signatures of Amazon SNS
 * messages"): the fields of the message in a fixed order make the string to sign, signed with
 * SHA1withRSA (SignatureVersion 1) or SHA256withRSA (2) by the certificate at SigningCertURL.
 * Because that URL comes from the caller, it is fetched only from SNS's own hosts (or hosts the
 * operator listed in SNS_CERT_HOSTS), and the same pin guards the SubscribeURL we confirm. Both
 * fetches go through the outbound guard (lib/outbound), for which SNS_CERT_HOSTS are the exempt hosts.
 */
import { createVerify, X509Certificate } from 'node:crypto';
import { type OutboundPolicy, sendOutbound } from '../lib/outbound/request.ts';

export interface SnsMessage {
  Type: string;
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  SignatureVersion: string;
  Signature: string;
  SigningCertURL: string;
  Subject?: string;
  SubscribeURL?: string;
  Token?: string;
  UnsubscribeURL?: string;
}

/** Fetches a PEM certificate; rejects on any failure. */
export type CertFetcher = (url: URL) => Promise<string>;

export interface VerifyOptions {
  topicArns: readonly string[];
  certHosts: readonly string[];
  now: Date;
  fetchCert: CertFetcher;
}

/** Notifications older than this are refused: a captured message cannot be replayed later. */
export const REPLAY_WINDOW_MS = 60 * 60 * 1000;
/** Clock skew tolerated for a Timestamp in the future. */
const FUTURE_SKEW_MS = 5 * 60 * 1000;

const NOTIFICATION_FIELDS = ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'] as const;
const SUBSCRIPTION_FIELDS = ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'] as const;
const SNS_HOST = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/;

/**
 * The canonical string SNS signs: `Name\nValue\n` for each field of the type's list, in that order;
 * Subject only when present. Undefined for an unknown Type or a missing required field.
 */
export function stringToSign(m: SnsMessage): string | undefined {
  let fields: readonly (keyof SnsMessage)[];
  if (m.Type === 'Notification') fields = NOTIFICATION_FIELDS;
  else if (m.Type === 'SubscriptionConfirmation' || m.Type === 'UnsubscribeConfirmation') fields = SUBSCRIPTION_FIELDS;
  else return undefined;
  let out = '';
  for (const name of fields) {
    const value = m[name];
    if (value === undefined || value === null) {
      if (name === 'Subject') continue;
      return undefined;
    }
    out += `${name}\n${value}\n`;
  }
  return out;
}

/**
 * The URL when it may be fetched as an SNS URL: https on `sns.<region>.amazonaws.com(.cn)`, or a
 * host listed in `certHosts` (as `host` or `host:port`). Plain http only for a listed host: the
 * operator named it on purpose (a local SNS stand-in, the tests' loopback server).
 */
export function allowedSnsUrl(raw: string, certHosts: readonly string[]): URL | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.username || url.password) return undefined;
  const listed = certHosts.includes(url.host) || certHosts.includes(url.hostname);
  if (listed) return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
  if (url.protocol !== 'https:' || url.port !== '') return undefined;
  return SNS_HOST.test(url.hostname) ? url : undefined;
}

/** Why the message must be refused, or undefined when it is authentic, fresh and from an accepted topic. */
export async function snsRefusal(m: SnsMessage, opts: VerifyOptions): Promise<string | undefined> {
  if (!opts.topicArns.includes(m.TopicArn)) return 'topic not accepted';
  const at = Date.parse(m.Timestamp);
  if (Number.isNaN(at)) return 'bad timestamp';
  const age = opts.now.getTime() - at;
  if (age > REPLAY_WINDOW_MS || age < -FUTURE_SKEW_MS) return 'timestamp outside the accepted window';
  const algorithm = m.SignatureVersion === '1' ? 'RSA-SHA1' : m.SignatureVersion === '2' ? 'RSA-SHA256' : undefined;
  if (!algorithm) return 'unknown signature version';
  const canonical = stringToSign(m);
  if (!canonical) return 'unknown type or missing field';
  const certUrl = allowedSnsUrl(m.SigningCertURL, opts.certHosts);
  if (!certUrl) return 'signing certificate URL not allowed';
  let pem: string;
  try {
    pem = await opts.fetchCert(certUrl);
  } catch {
    return 'signing certificate unavailable';
  }
  try {
    const cert = new X509Certificate(pem);
    if (new Date(cert.validTo) < opts.now || new Date(cert.validFrom) > opts.now) return 'certificate expired';
    const ok = createVerify(algorithm).update(canonical, 'utf8').verify(cert.publicKey, m.Signature, 'base64');
    return ok ? undefined : 'bad signature';
  } catch {
    return 'bad certificate or signature';
  }
}

/** What SNS fetches need from the outbound guard: the hosts exempt from it (SNS_CERT_HOSTS) and a resolver. */
export type SnsGuard = Pick<OutboundPolicy, 'allowedHosts' | 'resolve'>;

/**
 * A fetcher that caches certificates by URL, gives each fetch `timeoutMs`, refuses bodies over
 * `maxBytes` and redirects (a redirect could leave the pinned host). Concurrent misses of one URL
 * share one fetch; a failed fetch is forgotten, so the next message tries again.
 */
export function createCertFetcher(
  guard: SnsGuard,
  opts: { timeoutMs?: number; maxBytes?: number; maxEntries?: number } = {},
) {
  const { timeoutMs = 5000, maxBytes = 64 * 1024, maxEntries = 100 } = opts;
  // Promises, not PEMs: a burst on a cold process (SNS redelivering a backlog) would otherwise fetch
  // the certificate once per message in flight — 684 fetches for 720 messages in the SNS storm test.
  const cache = new Map<string, Promise<string>>();
  const fetcher: CertFetcher = (url) => {
    const hit = cache.get(url.href);
    if (hit) return hit;
    const pem = fetchLimited(url, { ...guard, timeoutMs, maxBytes }).then((body) => {
      if (!body.includes('-----BEGIN CERTIFICATE-----')) throw new Error('not a PEM certificate');
      return body;
    });
    if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
    cache.set(url.href, pem);
    pem.catch(() => {
      if (cache.get(url.href) === pem) cache.delete(url.href);
    });
    return pem;
  };
  return fetcher;
}

/**
 * GETs `url` through the outbound guard without following redirects; the body as text, refused
 * past `maxBytes` or on a non-2xx status. The SNS host pin (allowedSnsUrl) is the caller's.
 */
export async function fetchLimited(
  url: URL,
  opts: SnsGuard & { timeoutMs: number; maxBytes: number },
): Promise<string> {
  const { allowedHosts, resolve, timeoutMs, maxBytes } = opts;
  const policy = { allowedHosts, resolve, timeoutMs, maxResponseBytes: maxBytes, maxRedirects: 0 };
  const res = await sendOutbound({ url: url.href }, policy);
  if (res.status < 200 || res.status > 299) throw new Error(`GET ${url.host} answered ${res.status}`);
  if (res.truncated) throw new Error(`GET ${url.host}: body over ${maxBytes} bytes`);
  return res.body.toString('utf8');
}
