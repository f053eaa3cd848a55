/**
 * One delivery attempt of one message: a signed POST through the outbound guard (private targets
 * refused unless allowed, no redirects followed, 10 s for the whole exchange, the first 1 KB of the
 * answer kept). Never throws: every way it can go wrong is an outcome the log shows.
 */
import type { Deps } from '../deps.ts';
import {
  OutboundError,
  OutboundRefused,
  type PinnedAgents,
  resolverAddresses,
  sendOutbound,
} from '../lib/outbound/request.ts';
import { signatureHeader } from './signing.ts';

/** Response bytes kept on the message and the attempt. */
export const KEPT_RESPONSE_BYTES = 1024;

export interface AttemptTarget {
  url: string;
  /** Every key that signs now (two for 24 h after a rotation). */
  keys: readonly Buffer[];
}

export interface AttemptOutcome {
  at: Date;
  ok: boolean;
  /** null when no response came. */
  status: number | null;
  /** The first 1 KB of the response, or what went wrong. */
  body: string;
  durationMs: number;
  /** The guard refused the target: no retry can help while the URL stays. */
  refused: boolean;
}

export type AttemptDeps = Pick<Deps, 'config' | 'dns' | 'clock'> & {
  /** Keep-alive agents per pinned address (see lib/outbound), shared by a worker's attempts. */
  agents?: PinnedAgents;
};

/** Sends `payload` as message `id` to `target` now. */
export async function attemptDelivery(
  deps: AttemptDeps,
  target: AttemptTarget,
  id: string,
  payload: string,
): Promise<AttemptOutcome> {
  const at = deps.clock.now();
  const timestamp = Math.floor(Date.now() / 1000);
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  try {
    const res = await sendOutbound(
      {
        url: target.url,
        method: 'POST',
        body: payload,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Mailwright-Webhooks/1',
          'webhook-id': id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signatureHeader(target.keys, id, timestamp, payload),
        },
      },
      {
        allowedHosts: deps.config.webhookAllowedHosts,
        resolve: resolverAddresses(deps.dns),
        timeoutMs: deps.config.webhookTimeoutMs,
        maxResponseBytes: KEPT_RESPONSE_BYTES,
        // Standard Webhooks receivers answer where they are; a redirect is a failure to fix, not follow.
        maxRedirects: 0,
        agents: deps.agents,
      },
    );
    const ok = res.status >= 200 && res.status < 300;
    return { at, ok, status: res.status, body: res.body.toString('utf8'), durationMs: took(), refused: false };
  } catch (err) {
    const refused = err instanceof OutboundRefused;
    const known = refused || err instanceof OutboundError;
    const body = known ? (err as Error).message : `unexpected error: ${(err as Error).message}`;
    return { at, ok: false, status: null, body: body.slice(0, KEPT_RESPONSE_BYTES), durationMs: took(), refused };
  }
}
