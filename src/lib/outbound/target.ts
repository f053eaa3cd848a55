/**
 * The pure half of an outbound request: which URLs may be tried at all, which headers may be sent,
 * and what the next hop of a redirect is (method, body and credentials, as the Fetch standard does).
 */
import { OutboundError, OutboundRefused } from './errors.ts';

/** One request as it is about to be sent: headers lower-cased, body as bytes. */
export interface Hop {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface Target {
  url: URL;
  /** The host without IPv6 brackets, as the URL parser normalised it. */
  host: string;
  port: number;
}

export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// Field values: visible ASCII, space, tab and obs-text; CR, LF and NUL are what splits a request.
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
// CONNECT turns the target into a tunnel and TRACE echoes credentials back: neither is a webhook.
const REFUSED_METHODS = new Set(['CONNECT', 'TRACE']);
// Framing is ours to set from the body we send; a caller's value could desynchronise the target.
const FRAMING_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection']);
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];
const BODY_HEADERS = ['content-type', 'content-encoding', 'content-language', 'content-location'];

/**
 * Parses `raw` as a target: http or https only, no userinfo, a port. The WHATWG parser has already
 * normalised odd IPv4 forms (`2130706433`, `0x7f.1`, `127.1`) to dotted quads, so the guard sees the
 * address it will connect to. Throws OutboundError 'invalid' or OutboundRefused.
 */
export function parseTarget(raw: string | URL): Target {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundError('invalid', `Not a valid URL: ${String(raw).slice(0, 200)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundRefused(`scheme ${url.protocol} is not http or https`, url.href);
  }
  // `http://trusted.example@127.0.0.1/` reads as one host and connects to another.
  if (url.username || url.password) throw new OutboundRefused('credentials in the URL', url.href);
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  if (port === 0) throw new OutboundError('invalid', `Port 0 in ${url.href}`);
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return { url, host, port };
}

/** Method upper-cased and headers lower-cased and checked; OutboundError 'invalid' before anything connects. */
export function firstHop(url: URL, method = 'GET', headers: Record<string, string> = {}, body?: string | Buffer): Hop {
  const upper = method.toUpperCase();
  if (!TOKEN.test(upper) || REFUSED_METHODS.has(upper)) throw new OutboundError('invalid', `Method ${method}`);
  const clean: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!TOKEN.test(name)) throw new OutboundError('invalid', `Header name ${JSON.stringify(name)}`);
    if (typeof value !== 'string' || !FIELD_VALUE.test(value)) {
      throw new OutboundError('invalid', `Header ${name} has a value with control characters`);
    }
    const lower = name.toLowerCase();
    if (!FRAMING_HEADERS.has(lower)) clean[lower] = value;
  }
  clean['user-agent'] ??= 'Mailwright-Webhook/1';
  const bytes = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
  return { url, method: upper, headers: clean, body: bytes };
}

/**
 * The request a redirect asks for: Location resolved against the current URL; 303, and 301/302
 * after anything but GET/HEAD, become a GET without body; 307/308 keep method and body; a move to
 * another origin drops credentials. The new URL still has to pass parseTarget and the guard.
 */
export function redirectHop(hop: Hop, status: number, location: string): Hop {
  let url: URL;
  try {
    url = new URL(location, hop.url);
  } catch {
    throw new OutboundError('invalid', `Redirect to an invalid Location: ${location.slice(0, 200)}`);
  }
  const headers = { ...hop.headers };
  if (url.origin !== hop.url.origin) for (const name of CREDENTIAL_HEADERS) delete headers[name];
  const toGet = status === 303 ? hop.method !== 'HEAD' : (status === 301 || status === 302) && !isGetOrHead(hop);
  if (!toGet) return { url, method: hop.method, headers, body: hop.body };
  for (const name of BODY_HEADERS) delete headers[name];
  return { url, method: 'GET', headers };
}

function isGetOrHead(hop: Hop): boolean {
  return hop.method === 'GET' || hop.method === 'HEAD';
}
