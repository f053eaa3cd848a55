/**
 * The one way the product makes an HTTP request to a URL the operator did not write (workflow
 * webhooks, SNS certificates and confirmations): http(s) only, every hop resolved once and
 * connected to exactly the address the private-address guard checked, redirects followed by hand
 * and checked again, one deadline over the whole exchange, the body read up to a cap.
 */
import { type AllowList, parseAllowList } from './allow-list.ts';
import { OutboundError, OutboundRefused } from './errors.ts';
import type { PinnedAgents } from './exchange.ts';
import { failure, headersOf, openExchange, readCapped } from './exchange.ts';
import { pinAddress } from './guard.ts';
import { firstHop, type Hop, parseTarget, REDIRECT_STATUSES, redirectHop } from './target.ts';

export type { PinnedAgents } from './exchange.ts';
export { resolverAddresses } from './guard.ts';
export { OutboundError, OutboundRefused };

export interface OutboundRequest {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface OutboundPolicy {
  /** Host names (`name` or `name:port`), IP addresses or CIDRs exempt from the private-address guard (WEBHOOK_ALLOWED_HOSTS). */
  allowedHosts: readonly string[];
  /** Resolves a host name to all its addresses (A and AAAA). */
  resolve: (hostname: string) => Promise<string[]>;
  /** The whole exchange, redirects included. */
  timeoutMs: number;
  /** The body is read up to this many bytes; past it the response is `truncated` and the socket closed. */
  maxResponseBytes: number;
  /** Redirects followed (each target checked again); 0: a 3xx is returned as the response. */
  maxRedirects: number;
  /**
   * Keep-alive agents by pinned target (`key` names the scheme, the checked address, the port and the
   * host): a pooled socket is reused only for the address the guard checked. Without it every
   * exchange opens its own connection.
   */
  agents?: PinnedAgents;
}

export interface OutboundResponse {
  status: number;
  /** Lower-cased names. */
  headers: Record<string, string>;
  body: Buffer;
  truncated: boolean;
  /** The URL that answered (after redirects). */
  url: string;
  redirects: number;
}

/**
 * Sends `req` under `policy`. Throws OutboundRefused when the guard refuses a target (nothing was
 * connected to it), OutboundError for a timeout, a network failure, too many redirects or an
 * invalid URL or header (checked before anything connects).
 */
export async function sendOutbound(req: OutboundRequest, policy: OutboundPolicy): Promise<OutboundResponse> {
  const hop = firstHop(parseTarget(req.url).url, req.method, req.headers, req.body);
  const allow = parseAllowList(policy.allowedHosts);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), policy.timeoutMs);
  try {
    return await follow(hop, allow, policy, controller.signal);
  } finally {
    clearTimeout(timer);
  }
}

/** Sends each hop to its checked address; a redirect's target is checked before anything connects to it. */
async function follow(first: Hop, allow: AllowList, policy: OutboundPolicy, signal: AbortSignal) {
  let hop = first;
  for (let redirects = 0; ; redirects++) {
    const target = parseTarget(hop.url);
    const address = await beforeDeadline(pinAddress(target, allow, policy.resolve), hop.url, signal);
    const res = await openExchange(hop, target, address, signal, policy.agents);
    const status = res.statusCode ?? 0;
    const location = res.headers.location;
    if (REDIRECT_STATUSES.has(status) && location !== undefined && policy.maxRedirects > 0) {
      // The redirect's body is never wanted; closing now frees the socket before the next hop.
      res.destroy();
      if (redirects >= policy.maxRedirects) {
        throw new OutboundError('redirects', `More than ${policy.maxRedirects} redirects from ${first.url.href}`);
      }
      hop = redirectHop(hop, status, location);
      continue;
    }
    const { body, truncated } = await readCapped(res, policy.maxResponseBytes, hop.url, signal);
    return { status, headers: headersOf(res), body, truncated, url: hop.url.href, redirects };
  }
}

/** Waits for `work` unless the deadline passes first (a DNS query cannot be cancelled, only abandoned). */
function beforeDeadline<T>(work: Promise<T>, url: URL, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(failure(new Error('aborted'), url, signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(failure(new Error('aborted'), url, signal));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
