/**
 * A process's senders for projects' own transports: one nodemailer pool (or SES client) per
 * transport, built on its first send, replaced when the transport changed, and ended when it is
 * written to (here, or in another process: the change feed says so), deleted, or the process closes.
 * A pool being replaced finishes the sends it has in flight before it closes.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { ChangeFeed } from '../db/notify.ts';
import type { CacheRegistry } from '../db/project-cache.ts';
import type { DnsResolver } from '../lib/resolver.ts';
import { createSesTransport } from '../mail/transports/ses.ts';
import { type AddressPin, createSmtpPoolTransport } from '../mail/transports/smtp.ts';
import { type OutgoingMessage, type SendAccepted, type Transport, TransportError } from '../mail/types.ts';
import type { Secrets } from '../secrets.ts';
import { guardedAgents, transportPin } from './guard.ts';
import { createTransportCache, TRANSPORTS_CHANNEL, type TransportCache, type TransportDef } from './transport-cache.ts';

declare module '../deps.ts' {
  interface FeatureState {
    /** Projects' own transports (beyond.md §7): their definitions, forgotten through `changes`, and this process's pools. */
    transports: ProjectTransports;
  }
}

export interface ProjectTransports {
  /** Each project's enabled transports, in the order they are tried (transport-cache.ts). */
  cache: TransportCache;
  /** Sends through the transport's pool in this process; throws TransportError, never with a credential in it. */
  send(def: TransportDef, message: OutgoingMessage): Promise<SendAccepted>;
  /** Ends the pools of the project's transports once their sends in flight are done (after a write). */
  retire(projectId: string): void;
  close(): Promise<void>;
}

interface Pool {
  version: string;
  projectId: string;
  transport: Transport;
  inflight: number;
  retired: boolean;
}

type SenderDeps = {
  config: Config;
  dns: DnsResolver;
  changes: ChangeFeed;
  caches: CacheRegistry;
  secrets: Secrets;
  log: FastifyBaseLogger;
};

/** The process's transports: the cache of definitions and the pools, listening to the change feed. */
export function createProjectSenders(deps: SenderDeps): ProjectTransports {
  const cache = createTransportCache(deps.caches, deps.secrets.encryptionKey);
  const pin = transportPin(deps);
  const pools = new Map<string, Pool>();
  const end = (p: Pool) =>
    p.transport.close().catch((err: unknown) => deps.log.warn({ err }, 'closing a transport pool failed'));
  const retirePool = (id: string, p: Pool) => {
    pools.delete(id);
    p.retired = true;
    if (p.inflight === 0) void end(p);
  };
  const retire = (projectId: string) => {
    for (const [id, p] of pools) if (projectId === '*' || p.projectId === projectId) retirePool(id, p);
  };
  deps.changes.subscribe(TRANSPORTS_CHANNEL, retire);

  const poolFor = (def: TransportDef): Pool => {
    const held = pools.get(def.id);
    if (held?.version === def.version) return held;
    if (held) retirePool(def.id, held);
    const p: Pool = {
      version: def.version,
      projectId: def.projectId,
      transport: build(def, pin, deps.config),
      inflight: 0,
      retired: false,
    };
    pools.set(def.id, p);
    return p;
  };

  return {
    cache,
    retire,
    async send(def, message) {
      if (def.broken) throw new TransportError(`Transport ${def.name}: ${def.broken}`, 'temporary');
      const p = poolFor(def);
      p.inflight++;
      try {
        return await p.transport.send(message);
      } catch (err) {
        throw withoutSecret(err, def);
      } finally {
        p.inflight--;
        if (p.retired && p.inflight === 0) void end(p);
      }
    },
    async close() {
      const all = [...pools.values()];
      pools.clear();
      await Promise.all(all.map(end));
    },
  };
}

/** A pool to the transport's relay or SES endpoint, every connection through the guard. */
function build(def: TransportDef, pin: AddressPin, config: Config): Transport {
  if (def.smtp) return createSmtpPoolTransport(def.smtp, config.smtpPoolSize, pin);
  const ses = def.ses!;
  const endpoint = ses.endpoint ? new URL(ses.endpoint) : undefined;
  const port = endpoint ? Number(endpoint.port) || (endpoint.protocol === 'http:' ? 80 : 443) : 443;
  const inner = createSesTransport(ses, guardedAgents(pin, port));
  // An IP-literal endpoint is connected to without a lookup: the guard checks it here, once per pool.
  const host = endpoint?.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = host && /^[\d.]+$|:/.test(host) ? pin(host, port) : undefined;
  literal?.catch(() => {});
  return {
    kind: 'ses',
    async send(message) {
      if (literal) await literal.catch((err: Error) => Promise.reject(new TransportError(err.message, 'temporary')));
      return inner.send(message);
    },
    close: () => inner.close(),
  };
}

/** The error with the transport's password or secret key blanked out, should a relay have echoed it. */
export function withoutSecret(err: unknown, def: TransportDef): unknown {
  if (!(err instanceof TransportError)) return err;
  const e = err;
  const secret = def.smtp?.pass || def.ses?.secretAccessKey;
  if (!secret || !e.message.includes(secret)) return e;
  const message = e.message.split(secret).join('[redacted]');
  return new TransportError(message, e.kind, e.recipientRejected, e.responseCode);
}
