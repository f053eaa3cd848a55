/**
 * One HTTP exchange over node:http(s), connected to an address the guard already checked. The
 * `lookup` option answers with that address whatever the host name, so TLS still sends the name
 * as SNI and checks the certificate against it while DNS is never asked a second time.
 */
import http, { type IncomingMessage } from 'node:http';
import httpsModule from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { OutboundError } from './errors.ts';
import type { Hop, Target } from './target.ts';

/** Keep-alive agents by pinned target: see OutboundPolicy.agents. */
export type PinnedAgents = (key: string, https: boolean) => http.Agent;

/** Sends `hop` to `address` and resolves once the response head arrived; the body is still unread. */
export function openExchange(
  hop: Hop,
  target: Target,
  address: string,
  signal: AbortSignal,
  agents?: PinnedAgents,
): Promise<IncomingMessage> {
  const https = hop.url.protocol === 'https:';
  const headers = { ...hop.headers };
  if (hop.body !== undefined) headers['content-length'] = String(hop.body.length);
  const options: http.RequestOptions = {
    method: hop.method,
    // An IP-literal host is connected to directly: node calls no lookup for it.
    hostname: isIP(target.host) ? address : target.host,
    port: target.port,
    path: `${hop.url.pathname}${hop.url.search}`,
    headers,
    lookup: pinnedLookup(address),
    // A pooled socket could belong to another pinned address: only an agent of this very address may
    // lend one; without such agents each exchange gets its own connection.
    agent: agents ? agents(`${hop.url.protocol}//${address}:${target.port}/${target.host}`, https) : false,
  };
  const send = https ? httpsModule.request : http.request;
  return new Promise((resolve, reject) => {
    let req: http.ClientRequest;
    try {
      req = send(options);
    } catch (err) {
      // node's own header and path checks, should one of ours have let something through.
      reject(new OutboundError('invalid', `Request to ${hop.url.href} rejected: ${(err as Error).message}`));
      return;
    }
    const stop = untilAbort(signal, () => req.destroy(new Error('deadline passed')));
    req.on('response', (res) => {
      stop();
      resolve(res);
    });
    req.on('error', (err) => {
      stop();
      reject(failure(err, hop.url, signal));
    });
    req.end(hop.body);
  });
}

/** Reads the body up to `maxBytes`; past it stops, destroys the socket and reports `truncated`. */
export async function readCapped(
  res: IncomingMessage,
  maxBytes: number,
  url: URL,
  signal: AbortSignal,
): Promise<{ body: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  const stop = untilAbort(signal, () => res.destroy(new Error('deadline passed')));
  try {
    for await (const chunk of res) {
      const bytes = chunk as Buffer;
      if (size + bytes.length > maxBytes) {
        chunks.push(bytes.subarray(0, maxBytes - size));
        res.destroy();
        return { body: Buffer.concat(chunks), truncated: true };
      }
      chunks.push(bytes);
      size += bytes.length;
    }
  } catch (err) {
    throw failure(err, url, signal);
  } finally {
    stop();
  }
  // An abort can end the stream quietly; a body cut short by our deadline is not a response.
  if (signal.aborted || !res.complete) throw failure(new Error('response ended early'), url, signal);
  return { body: Buffer.concat(chunks), truncated: false };
}

/** Response headers as one string per lower-cased name (node already lower-cases them). */
export function headersOf(res: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** The deadline's abort surfaces as an AbortError; anything else is the network's fault. */
export function failure(err: unknown, url: URL, signal: AbortSignal): OutboundError {
  if (err instanceof OutboundError) return err;
  if (signal.aborted) return new OutboundError('timeout', `${url.href} did not answer in time`, { cause: err });
  const code = (err as NodeJS.ErrnoException).code;
  return new OutboundError('network', `${url.href}: ${code ?? (err as Error).message}`, { cause: err });
}

/** Runs `onAbort` when the deadline passes (at once if it has); returns the function that stops listening. */
function untilAbort(signal: AbortSignal, onAbort: () => void): () => void {
  if (signal.aborted) {
    queueMicrotask(onAbort);
    return () => {};
  }
  signal.addEventListener('abort', onAbort, { once: true });
  return () => signal.removeEventListener('abort', onAbort);
}

/**
 * A lookup that answers every query with `address`, in the single or `all: true` shape node asks
 * for. Asynchronously, as DNS would: a connect that fails at once (ENETUNREACH) inside a synchronous
 * callback is emitted before http listens for it, and would be an uncaught exception.
 */
function pinnedLookup(address: string): LookupFunction {
  const family = isIP(address);
  return (_hostname, options, callback) => {
    process.nextTick(() => {
      if ((options as { all?: boolean }).all) {
        (callback as unknown as (err: null, list: { address: string; family: number }[]) => void)(null, [
          { address, family },
        ]);
      } else {
        callback(null, address, family);
      }
    });
  };
}
