/**
 * Change notifications between processes. On PostgreSQL, LISTEN/NOTIFY: a notice published inside a
 * transaction is delivered only when it commits. On SQLite (one process), delivery stays in process.
 * `connected` says whether notices from other processes are arriving; caches must not be trusted
 * while it is false.
 */
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { DatabaseHandle, Executor } from './index.ts';

export interface ChangeFeed {
  publish(channel: string, payload: string, trx?: Executor): Promise<void>;
  subscribe(channel: string, listener: (payload: string) => void): void;
  /** True while notices from every process can arrive (always true on SQLite). */
  readonly connected: boolean;
  close(): Promise<void>;
}

const CHANNEL_PREFIX = 'mailwright_';

/** Creates the feed that fits the database. */
export function createChangeFeed(
  handle: DatabaseHandle,
  connectionString: string | undefined,
  log: FastifyBaseLogger,
): ChangeFeed {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  if (!handle.pgPool || !connectionString) {
    return {
      connected: true,
      async publish(channel, payload) {
        local.emit(channel, payload);
      },
      subscribe: (channel, listener) => void local.on(channel, listener),
      async close() {},
    };
  }
  return pgFeed(handle, connectionString, local, log);
}

function pgFeed(handle: DatabaseHandle, connectionString: string, local: EventEmitter, log: FastifyBaseLogger) {
  const channels = new Set<string>();
  let client: pg.Client | undefined;
  let connected = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    if (closed) return;
    const c = new pg.Client({ connectionString });
    c.on('notification', (n) => {
      if (n.channel.startsWith(CHANNEL_PREFIX)) local.emit(n.channel.slice(CHANNEL_PREFIX.length), n.payload ?? '');
    });
    c.on('error', (err) => {
      log.warn({ err }, 'change feed connection lost; reconnecting');
      drop(c);
    });
    try {
      await c.connect();
      for (const ch of channels) await c.query(`LISTEN ${CHANNEL_PREFIX}${ch}`);
      client = c;
      connected = true;
      // Notices may have been missed while disconnected: let every subscriber start over.
      local.emit('*reconnected');
    } catch (err) {
      log.warn({ err }, 'change feed could not connect; retrying');
      drop(c);
    }
  }

  function drop(c: pg.Client): void {
    connected = false;
    if (client === c) client = undefined;
    c.end().catch(() => {});
    if (!closed && !retry) {
      retry = setTimeout(() => {
        retry = undefined;
        void connect();
      }, 1000);
      retry.unref();
    }
  }

  void connect();
  return {
    get connected() {
      return connected;
    },
    async publish(channel: string, payload: string, trx?: Executor) {
      await sql`select pg_notify(${CHANNEL_PREFIX + channel}, ${payload})`.execute(trx ?? handle.db);
    },
    subscribe(channel: string, listener: (payload: string) => void) {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel name ${channel}`);
      local.on(channel, listener);
      local.on('*reconnected', () => listener('*'));
      if (!channels.has(channel)) {
        channels.add(channel);
        client?.query(`LISTEN ${CHANNEL_PREFIX}${channel}`).catch((err) => log.warn({ err }, 'LISTEN failed'));
      }
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      connected = false;
      await client?.end().catch(() => {});
    },
  };
}
