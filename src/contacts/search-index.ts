/**
 * Keeps the deferred email search index (SQLite's FTS5 table) caught up: writes that add contacts poke
 * it, a poke runs it shortly after (so a burst of writes is indexed as one batch), and it works in
 * slices that yield the event loop. Searches scan the few rows it has not reached yet, so nothing is
 * ever missing from results while it runs behind. On PostgreSQL the database indexes every write
 * itself and this does nothing.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { DialectSql } from '../db/dialect.ts';
import type { Db } from '../db/index.ts';

declare module '../deps.ts' {
  interface FeatureState {
    /** Keeps the deferred email search index caught up (SQLite). */
    searchIndex: SearchIndexer;
  }
}

/** Rows indexed per transaction (a few ms of work, so requests wait at most that; measured with bench/import-health.ts). */
const SLICE = 500;
/** How long a poke waits, so rows written together are indexed together. */
const DELAY_MS = 50;

export interface SearchIndexer {
  /** Asks for the waiting rows to be indexed soon. */
  poke(): void;
  /** Indexes every waiting row now (the minutely job, tests). */
  catchUp(): Promise<void>;
  /** Waits for a run in progress and stops scheduling new ones. */
  stop(): Promise<void>;
}

export function createSearchIndexer(deps: { db: Db; dialect: DialectSql; log: FastifyBaseLogger }): SearchIndexer {
  const index = deps.dialect.contactIndex;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  async function catchUp(): Promise<void> {
    while ((await index.indexPending(deps.db, SLICE)) === SLICE) await nextTurn();
  }

  function run(): void {
    timer = undefined;
    running = catchUp()
      .catch((err) => deps.log.error({ err }, 'search index update failed; the minutely job retries'))
      .finally(() => {
        running = undefined;
      });
  }

  return {
    poke() {
      if (!index.deferred || stopped || timer) return;
      timer = setTimeout(() => {
        // A run in progress may have passed the new rows already: go again after it.
        if (running) void running.then(() => run());
        else run();
      }, DELAY_MS);
      timer.unref();
    },
    async catchUp() {
      if (!index.deferred) return;
      await running;
      await catchUp();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
