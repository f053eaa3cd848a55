/**
 * SMTP plumbing of the delivery benchmark. A counting sink: smtp-server on 127.0.0.1 (no STARTTLS,
 * no AUTH, no reverse lookup) that reads only the header block of each message, for one id header,
 * and drains the body unread, so it costs as little as a receiving relay can. And the baseline: a
 * bare nodemailer pool in a process of its own, as Mailwright runs in one, so both get the same CPU.
 */
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import type { DnsServer } from '../test/servers/dns-server.ts';
import { api } from './lib.ts';
import type { Service } from './service.ts';

/** A header block larger than this is not a header block we sent; stop looking. */
const HEAD_MAX = 64 * 1024;
const HEAD_END = Buffer.from('\r\n\r\n');

export interface CountingSink {
  port: number;
  /** How many times each id arrived, since the last reset. */
  seen: Map<string, number>;
  /** Messages, bytes, messages without the id header, deliveries beyond the first of an id. */
  stats(): { messages: number; bytes: number; withoutId: number; duplicates: number };
  /** performance.now() when the latest new id arrived. */
  lastNewAt(): number;
  /**
   * Waits (polling every 50 ms, until performance.now() passes `deadline`) until `count` distinct
   * ids arrived; answers when the last new one did, or the time it gave up.
   */
  holding(count: number, deadline: number): Promise<number>;
  /** The first message after the last reset, whole (for a signature check). */
  sample(): Buffer | undefined;
  /** Forgets everything and counts by `header` from now on. */
  reset(header: string): void;
  close(): Promise<void>;
}

/** The value of the field `needle` (`\nname:`, lower-cased) in a header block; ids are never folded. */
function headerValue(block: Buffer, needle: string): string | undefined {
  const text = `\n${block.toString('latin1')}`;
  const at = text.toLowerCase().indexOf(needle);
  if (at === -1) return undefined;
  const end = text.indexOf('\r\n', at + needle.length);
  return text.slice(at + needle.length, end === -1 ? undefined : end).trim();
}

/**
 * The settings of a service that delivers into `sinkPort` with 5 SMTP connections, no send-rate
 * throttle, and verified sender domains checked through the loopback DNS server `dnsServer`.
 */
export function deliveringToSink(sinkPort: number, dnsServer: string): Record<string, string> {
  return {
    SMTP_URL: `smtp://127.0.0.1:${sinkPort}`,
    MAIL_TRANSPORT: 'smtp',
    SMTP_POOL_SIZE: '5',
    SEND_RATE_PER_SECOND: '100000',
    REQUIRE_VERIFIED_DOMAIN: 'true',
    DNS_SERVERS: dnsServer,
  };
}

export async function startCountingSink(): Promise<CountingSink> {
  let needle = '\nx-mailwright-email-id:';
  let seen = new Map<string, number>();
  let counts = { messages: 0, bytes: 0, withoutId: 0, duplicates: 0 };
  let newAt = 0;
  let sample: Buffer | undefined;
  let sampling = false;

  const record = (id: string | undefined, size: number) => {
    counts.messages++;
    counts.bytes += size;
    if (id === undefined) {
      counts.withoutId++;
      return;
    }
    const n = seen.get(id) ?? 0;
    seen.set(id, n + 1);
    if (n > 0) counts.duplicates++;
    else newAt = performance.now();
  };

  const server = new SMTPServer({
    name: 'bench-sink.test',
    logger: false,
    disableReverseLookup: true,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: 100 * 1024 * 1024,
    closeTimeout: 100,
    onData(stream, _session, callback) {
      let head: Buffer | undefined = Buffer.alloc(0);
      let id: string | undefined;
      let size = 0;
      const keep: Buffer[] | undefined = sampling ? undefined : [];
      sampling = true;
      const scan = (final: boolean) => {
        const end = head!.indexOf(HEAD_END);
        if (end === -1 && !final && head!.length < HEAD_MAX) return;
        id = headerValue(end === -1 ? head! : head!.subarray(0, end), needle);
        head = undefined;
      };
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        keep?.push(chunk);
        if (head === undefined) return;
        head = Buffer.concat([head, chunk]);
        scan(false);
      });
      stream.once('error', (err: Error) => callback(err));
      stream.once('end', () => {
        if (head !== undefined) scan(true);
        record(id, size);
        if (keep && sample === undefined) sample = Buffer.concat(keep);
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.server.off('error', reject);
      resolve();
    });
  });

  return {
    port: (server.server.address() as AddressInfo).port,
    get seen() {
      return seen;
    },
    stats: () => ({ ...counts }),
    lastNewAt: () => newAt,
    async holding(count, deadline) {
      while (seen.size < count && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      return seen.size >= count ? newAt : performance.now();
    },
    sample: () => sample,
    reset(header) {
      needle = `\n${header.toLowerCase()}:`;
      seen = new Map();
      counts = { messages: 0, bytes: 0, withoutId: 0, duplicates: 0 };
      newAt = 0;
      sample = undefined;
      sampling = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The baseline sender's program. nodemailer writes the ending `.` of DATA as a write of its own,
 * which Nagle holds until the relay's delayed ACK (~40 ms): one message per 40 ms per connection.
 * With `noDelay` the pool gets connected sockets with Nagle off, to show what it carries without it.
 */
const SENDER = `
const net = require('node:net');
const { generateKeyPairSync } = require('node:crypto');
const nodemailer = require('nodemailer');
const cfg = JSON.parse(process.env.BENCH_SENDER);
const { privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const getSocket = (_options, callback) => {
  const socket = net.connect({ host: '127.0.0.1', port: cfg.port });
  socket.setNoDelay(true);
  socket.once('error', callback);
  socket.once('connect', () => {
    socket.off('error', callback);
    callback(null, { connection: socket });
  });
};
const pool = nodemailer.createTransport({
  pool: true, maxConnections: cfg.pool, host: '127.0.0.1', port: cfg.port, secure: false, ignoreTLS: true,
  dkim: { domainName: cfg.domain, keySelector: 'base', privateKey, headerFieldNames: cfg.signedHeaders },
  getSocket: cfg.noDelay ? getSocket : undefined,
});
async function sendMany({ count, prefix }) {
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const i = next++;
      await pool.sendMail({
        from: { name: 'Bench', address: 'news@' + cfg.domain },
        to: 'r' + i + '-' + prefix + '@example.test',
        subject: 'Order ' + i + ' for N' + i,
        html: '<p>Hi N' + i + ', your order ' + i + ' shipped.</p><p><a href="https://example.test/o/' + i + '">Track it</a></p>',
        text: 'Hi N' + i + ', your order ' + i + ' shipped.\\n\\nTrack it [https://example.test/o/' + i + ']',
        headers: { 'X-Bench-Id': prefix + '-' + i },
      });
    }
  };
  await Promise.all(Array.from({ length: cfg.inFlight }, lane));
}
require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {
  sendMany(JSON.parse(line)).then(
    () => process.stdout.write('sent\\n'),
    (err) => { console.error(err); process.exit(1); },
  );
});`;

export interface SenderOptions {
  port: number;
  pool: number;
  inFlight: number;
  domain: string;
  signedHeaders: string;
  noDelay: boolean;
}

export interface BaselineSender {
  /** Sends `count` messages with X-Bench-Id `<prefix>-<i>`; resolves when the pool has sent them all. */
  send(count: number, prefix: string): Promise<void>;
  stop(): void;
}

export function startBaselineSender(options: SenderOptions): BaselineSender {
  const child = spawn(process.execPath, ['-e', SENDER], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { PATH: process.env.PATH, BENCH_SENDER: JSON.stringify(options) },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  return {
    send: (count, prefix) =>
      new Promise((resolve, reject) => {
        const exited = (code: number | null) => reject(new Error(`baseline sender exited with ${code}`));
        child.once('exit', exited);
        lines.once('line', () => {
          child.off('exit', exited);
          resolve();
        });
        child.stdin!.write(`${JSON.stringify({ count, prefix })}\n`);
      }),
    stop: () => child.kill(),
  };
}

interface DomainAnswer {
  id: string;
  verified: boolean;
  records: { type: 'TXT' | 'CNAME' | 'MX'; name: string; value: string }[];
}

/** Adds the sending domain, publishes the records it asks for, and has the service verify them. */
export async function verifiedDomain(svc: Service, dns: DnsServer, name: string): Promise<void> {
  const domain = (await api(svc, '/domains', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ domain: name }),
  })) as unknown as DomainAnswer;
  const txt = new Map<string, string[]>();
  for (const r of domain.records) {
    if (r.type === 'TXT') txt.set(r.name, [...(txt.get(r.name) ?? []), r.value]);
    else if (r.type === 'CNAME') dns.set(r.name, 'CNAME', [r.value]);
    else {
      const [priority, exchange] = r.value.split(/\s+/);
      dns.set(r.name, 'MX', [{ priority: Number(priority), exchange: exchange! }]);
    }
  }
  for (const [name, values] of txt) dns.set(name, 'TXT', values);
  const checked = (await api(svc, `/domains/${domain.id}/verify`)) as unknown as DomainAnswer;
  if (!checked.verified) throw new Error(`${name} did not verify: ${JSON.stringify(checked.records)}`);
}
