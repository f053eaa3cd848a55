/**
 * Webhook receivers for the webhook benchmarks, in a process of their own (forked by
 * webhooks-lib.ts) so that counting arrivals never competes with the load generator for an event
 * loop. Each receiver is a node:http server on 127.0.0.1 that answers 204 at once and records every
 * request's `webhook-id`, type, the contact's email and its arrival time (wall clock, sub-millisecond:
 * performance.timeOrigin + performance.now(), comparable with the parent's). A receiver can be taken
 * down (port closed, connections cut) and brought up again on the same port.
 * Protocol over IPC: { seq, cmd, ... } in, { seq, ok, value } out.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** [webhook-id, type, email (or ''), arrival in wall-clock ms]. */
export type Arrival = [string, string, string, number];

interface Receiver {
  server: http.Server;
  port: number;
  sockets: Set<Socket>;
  arrivals: Arrival[];
  distinct: Set<string>;
}

const receivers: Receiver[] = [];
const wallNow = () => performance.timeOrigin + performance.now();

function receiver(): Receiver {
  const r: Receiver = {
    server: http.createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const at = wallNow();
        const id = String(req.headers['webhook-id'] ?? '');
        let type = '';
        let email = '';
        try {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
            type?: string;
            data?: { email?: string };
          };
          type = body.type ?? '';
          email = body.data?.email ?? '';
        } catch {
          // Counted with an empty type: the benchmark reports it as a stray.
        }
        r.arrivals.push([id, type, email, at]);
        r.distinct.add(id);
        res.writeHead(204).end();
      });
    }),
    port: 0,
    sockets: new Set(),
    arrivals: [],
    distinct: new Set(),
  };
  r.server.on('connection', (s) => {
    r.sockets.add(s);
    s.on('close', () => r.sockets.delete(s));
  });
  return r;
}

const listen = (r: Receiver, port: number) =>
  new Promise<number>((resolve, reject) => {
    r.server.once('error', reject);
    r.server.listen(port, '127.0.0.1', () => {
      r.server.off('error', reject);
      resolve((r.server.address() as AddressInfo).port);
    });
  });

type Command = { seq: number; cmd: string; count?: number; index?: number };

const commands: Record<string, (m: Command) => Promise<unknown> | unknown> = {
  async open({ count = 1 }) {
    for (let i = 0; i < count; i++) {
      const r = receiver();
      r.port = await listen(r, 0);
      receivers.push(r);
    }
    return receivers.map((r) => r.port);
  },
  /** Closes the port and cuts open connections: senders get ECONNREFUSED until `up`. */
  async down({ index = 0 }) {
    const r = receivers[index]!;
    const closed = new Promise((resolve) => r.server.close(resolve));
    for (const s of r.sockets) s.destroy();
    await closed;
    return true;
  },
  async up({ index = 0 }) {
    const r = receivers[index]!;
    await listen(r, r.port);
    return wallNow();
  },
  counts: () => receivers.map((r) => ({ arrivals: r.arrivals.length, distinct: r.distinct.size })),
  /** Every arrival so far, per receiver; forgets them. */
  take() {
    const out = receivers.map((r) => r.arrivals);
    for (const r of receivers) {
      r.arrivals = [];
      r.distinct = new Set();
    }
    return out;
  },
};

process.on('message', (m: Command) => {
  void (async () => {
    try {
      process.send!({ seq: m.seq, ok: true, value: await commands[m.cmd]!(m) });
    } catch (err) {
      process.send!({ seq: m.seq, ok: false, value: String(err) });
    }
  })();
});
process.on('disconnect', () => process.exit(0));
