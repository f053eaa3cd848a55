// Authoritative-style DNS server for tests: answers from an in-memory zone on 127.0.0.1, UDP and TCP
// on the same ephemeral port, so node:dns `Resolver#setServers([dns.server])` talks to it directly.
// Semantics pinned: unknown name → NXDOMAIN; known name without the asked type → NOERROR, empty
// answer (NODATA); CNAMEs are chased for other types; UDP answers over 512 bytes (or the client's
// EDNS size) come back truncated (TC) so the client retries over TCP; hang() never answers;
// fail() answers SERVFAIL/REFUSED. Names are case-insensitive and tolerate a trailing dot.

import dgram from 'node:dgram';
import net from 'node:net';
import dnsPacket, { type Answer, type DecodedPacket, type OptAnswer, type Packet } from 'dns-packet';

export type DnsRecordType = 'A' | 'AAAA' | 'MX' | 'TXT' | 'NS' | 'SOA' | 'CNAME';

export interface SoaValue {
  mname: string;
  rname: string;
  serial?: number;
  refresh?: number;
  retry?: number;
  expire?: number;
  minimum?: number;
}

/** Record value per type. A TXT value is one record: a string (split into 255-byte chunks) or explicit chunks. */
export interface DnsRecordValues {
  A: string;
  AAAA: string;
  MX: { priority: number; exchange: string };
  TXT: string | string[];
  NS: string;
  CNAME: string;
  SOA: SoaValue;
}

export type DnsFailure = 'SERVFAIL' | 'REFUSED';

export interface DnsQuery {
  /** Lower-cased, without trailing dot. */
  name: string;
  type: string;
  transport: 'udp' | 'tcp';
}

export interface DnsServer {
  port: number;
  /** '127.0.0.1:PORT', as accepted by node:dns Resolver#setServers. */
  server: string;
  /** Replaces the records of `type` at `name`; an empty list removes them. */
  set<T extends DnsRecordType>(name: string, type: T, records: DnsRecordValues[T][]): void;
  /** Removes one type at `name`, or without `type` every record plus any hang()/fail() on it. */
  remove(name: string, type?: DnsRecordType): void;
  /** Forgets all records, hangs, failures and the query log. */
  clear(): void;
  /** Never answer queries for `name` (any type, both transports). */
  hang(name: string): void;
  /** Answer every query for `name` with this rcode. */
  fail(name: string, rcode: DnsFailure): void;
  /** Every query received, in order (a live array; clear() empties it in place). */
  queries: DnsQuery[];
  close(): Promise<void>;
}

const TTL = 60;
const MAX_CNAME_HOPS = 8;
const RCODE = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3, REFUSED: 5 } as const;

/** Starts the DNS server; resolves once UDP and TCP both listen on the same port. */
export async function startDnsServer(): Promise<DnsServer> {
  const zone = new Map<string, Map<string, Answer[]>>();
  const hangs = new Set<string>();
  const failures = new Map<string, DnsFailure>();
  const queries: DnsQuery[] = [];
  const sockets = new Set<net.Socket>();

  function lookup(name: string, type: string): { rcode: number; answers: Answer[] } {
    const answers: Answer[] = [];
    let current = name;
    for (let hop = 0; hop < MAX_CNAME_HOPS; hop++) {
      const rrsets = zone.get(current);
      // RFC 6604: the rcode describes the last name of the chain.
      if (!rrsets) return { rcode: RCODE.NXDOMAIN, answers };
      const direct = rrsets.get(type);
      if (direct) return { rcode: RCODE.NOERROR, answers: [...answers, ...direct] };
      const cname = type === 'CNAME' ? undefined : rrsets.get('CNAME')?.[0];
      if (cname?.type !== 'CNAME') return { rcode: RCODE.NOERROR, answers };
      answers.push(cname);
      current = normalize(cname.data);
    }
    return { rcode: RCODE.SERVFAIL, answers: [] };
  }

  function respond(message: Buffer, transport: 'udp' | 'tcp'): Buffer | undefined {
    let query: DecodedPacket;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return undefined;
    }
    const question = query.questions?.[0];
    if (query.type !== 'query' || !question) return undefined;
    const name = normalize(question.name);
    queries.push({ name, type: question.type, transport });
    if (hangs.has(name)) return undefined;

    const clientOpt = query.additionals?.find((a): a is OptAnswer => a.type === 'OPT');
    const failure = failures.get(name);
    const { rcode, answers } = failure ? { rcode: RCODE[failure], answers: [] } : lookup(name, question.type);
    const reply: Packet = {
      type: 'response',
      id: query.id,
      flags: dnsPacket.AUTHORITATIVE_ANSWER | ((query.flags ?? 0) & dnsPacket.RECURSION_DESIRED) | rcode,
      questions: query.questions,
      answers,
      additionals: clientOpt ? [serverOpt()] : [],
    };
    if (transport === 'tcp') return dnsPacket.streamEncode(reply);
    const limit = Math.max(512, clientOpt?.udpPayloadSize ?? 512);
    if (dnsPacket.encodingLength(reply) <= limit) return dnsPacket.encode(reply);
    return dnsPacket.encode({ ...reply, flags: (reply.flags ?? 0) | dnsPacket.TRUNCATED_RESPONSE, answers: [] });
  }

  function onTcpConnection(socket: net.Socket): void {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      // Each iteration consumes one length-prefixed message, so the loop ends with the buffer.
      while (pending.length >= 2) {
        const size = pending.readUInt16BE(0);
        if (pending.length < 2 + size) break;
        const reply = respond(pending.subarray(2, 2 + size), 'tcp');
        pending = pending.subarray(2 + size);
        if (reply) socket.write(reply);
      }
    });
  }

  const { udp, tcp, port } = await bindPair(onTcpConnection);
  udp.on('message', (msg, rinfo) => {
    const reply = respond(msg, 'udp');
    if (reply) udp.send(reply, rinfo.port, rinfo.address);
  });

  return {
    port,
    server: `127.0.0.1:${port}`,
    queries,
    set(name, type, records) {
      const key = normalize(name);
      const rrsets = zone.get(key) ?? new Map<string, Answer[]>();
      const answers = records.map((value) => toAnswer(key, type, value));
      if (answers.length === 0) rrsets.delete(type);
      else rrsets.set(type, answers);
      if (rrsets.size > 0) zone.set(key, rrsets);
      else zone.delete(key);
    },
    remove(name, type) {
      const key = normalize(name);
      if (type) {
        zone.get(key)?.delete(type);
        if (zone.get(key)?.size === 0) zone.delete(key);
        return;
      }
      zone.delete(key);
      hangs.delete(key);
      failures.delete(key);
    },
    clear() {
      zone.clear();
      hangs.clear();
      failures.clear();
      queries.length = 0;
    },
    hang: (name) => void hangs.add(normalize(name)),
    fail: (name, rcode) => void failures.set(normalize(name), rcode),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await Promise.all([
        new Promise<void>((resolve) => udp.close(() => resolve())),
        new Promise<void>((resolve) => tcp.close(() => resolve())),
      ]);
    },
  };
}

function normalize(name: string): string {
  return name.toLowerCase().replace(/\.$/, '');
}

function serverOpt(): OptAnswer {
  return {
    type: 'OPT',
    name: '.',
    udpPayloadSize: 1232,
    extendedRcode: 0,
    ednsVersion: 0,
    flags: 0,
    flag_do: false,
    options: [],
  };
}

function toAnswer(name: string, type: DnsRecordType, value: DnsRecordValues[DnsRecordType]): Answer {
  switch (type) {
    case 'MX': {
      const mx = value as DnsRecordValues['MX'];
      return { type, name, ttl: TTL, data: { preference: mx.priority, exchange: mx.exchange } };
    }
    case 'TXT':
      return { type, name, ttl: TTL, data: txtChunks(value as DnsRecordValues['TXT']) };
    case 'SOA': {
      const soa = { serial: 1, refresh: 3600, retry: 600, expire: 86_400, minimum: TTL, ...(value as SoaValue) };
      return { type, name, ttl: TTL, data: soa };
    }
    default:
      return { type, name, ttl: TTL, data: value as string };
  }
}

/** A character-string holds at most 255 bytes (RFC 1035 §3.3), so longer values span several. */
function txtChunks(value: string | string[]): Buffer[] {
  const chunks: Buffer[] = [];
  for (const part of typeof value === 'string' ? [value] : value) {
    const bytes = Buffer.from(part, 'utf8');
    if (bytes.length === 0) chunks.push(bytes);
    for (let at = 0; at < bytes.length; at += 255) chunks.push(bytes.subarray(at, at + 255));
  }
  return chunks;
}

/** Binds UDP on port 0, then TCP on the same port; retries (bounded) if TCP finds it taken. */
async function bindPair(onTcp: (socket: net.Socket) => void) {
  for (let attempt = 0; attempt < 10; attempt++) {
    const udp = dgram.createSocket('udp4');
    await new Promise<void>((resolve, reject) => {
      udp.once('error', reject);
      udp.bind(0, '127.0.0.1', () => {
        udp.off('error', reject);
        resolve();
      });
    });
    const { port } = udp.address();
    const tcp = net.createServer(onTcp);
    try {
      await new Promise<void>((resolve, reject) => {
        tcp.once('error', reject);
        tcp.listen(port, '127.0.0.1', () => {
          tcp.off('error', reject);
          resolve();
        });
      });
      return { udp, tcp, port };
    } catch (err) {
      udp.close();
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    }
  }
  throw new Error('dns-server: no port free on both UDP and TCP after 10 attempts');
}
