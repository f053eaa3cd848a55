// HTTP listener: a node:http server on 127.0.0.1 (ephemeral port) that records every request and
// answers with a programmable response; stands in for webhook receivers and other HTTP peers.
// It also counts TCP connections, so a test can show that a refused request never connected.
// A request is recorded as soon as its body has arrived, before the response (and any delayMs),
// so tests can observe a request whose response the client then times out on.

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createWaiters } from './waiters.ts';

export interface RecordedRequest {
  method: string;
  /** Path plus query string, as sent. */
  path: string;
  /** Lower-cased names; repeated headers joined with ', '. */
  headers: Record<string, string>;
  body: string;
  /** The parsed body when the content-type mentions json and the body parses. */
  json?: unknown;
}

export interface HttpResponseSpec {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  /** Wait this long before answering (the request is already recorded). */
  delayMs?: number;
}

export type HttpResponder = (req: RecordedRequest) => HttpResponseSpec | Promise<HttpResponseSpec>;

export interface HttpListener {
  port: number;
  /** http://127.0.0.1:PORT (no trailing slash); http://[::1]:PORT when listening on ::1. */
  url: string;
  /** TCP connections accepted so far, whether or not a request followed. */
  readonly connections: number;
  /** Every request in arrival order (a live array; clear() empties it in place). */
  requests: RecordedRequest[];
  /** Sets how later requests are answered; without `fn`, back to 200 {"ok":true}. */
  respond(fn?: HttpResponder): void;
  /** Resolves with all requests once at least `count` arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<RecordedRequest[]>;
  /** Forgets recorded requests (the responder stays). */
  clear(): void;
  /** Stops listening and destroys open sockets, including ones waiting on delayMs. */
  close(): Promise<void>;
}

const defaultResponder: HttpResponder = () => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: '{"ok":true}',
});

/** Starts the listener on `host` (default 127.0.0.1; any loopback address), port 0; resolves once it is listening. */
export async function startHttpListener(opts: { host?: string } = {}): Promise<HttpListener> {
  const host = opts.host ?? '127.0.0.1';
  const requests: RecordedRequest[] = [];
  let connections = 0;
  const waiters = createWaiters(requests, 'http-listener requests');
  const timers = new Set<NodeJS.Timeout>();
  let responder = defaultResponder;

  async function answer(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const recorded = toRecorded(req, Buffer.concat(chunks).toString('utf8'));
    requests.push(recorded);
    waiters.notify();
    let spec: HttpResponseSpec;
    try {
      spec = await responder(recorded);
    } catch (err) {
      spec = { status: 500, body: `http-listener responder threw: ${(err as Error).message}` };
    }
    if (spec.delayMs) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, spec.delayMs);
        timers.add(timer);
      });
    }
    if (res.destroyed) return;
    res.writeHead(spec.status ?? 200, spec.headers ?? {});
    res.end(spec.body ?? '');
  }

  // A bad spec (e.g. an invalid status) drops the connection instead of crashing the test run.
  const server = http.createServer((req, res) => void answer(req, res).catch(() => res.destroy()));
  server.on('connection', () => {
    connections++;
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    port,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    get connections() {
      return connections;
    },
    requests,
    respond: (fn) => {
      responder = fn ?? defaultResponder;
    },
    waitFor: (count, timeoutMs) => waiters.waitFor(count, timeoutMs),
    clear: () => {
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        waiters.rejectAll('listener closed');
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function toRecorded(req: http.IncomingMessage, body: string): RecordedRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const recorded: RecordedRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers, body };
  if (headers['content-type']?.includes('json')) {
    try {
      recorded.json = JSON.parse(body);
    } catch {
      // Left undefined: a test asserting on json sees the body was not valid JSON.
    }
  }
  return recorded;
}
