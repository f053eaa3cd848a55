/**
 * SQLite's WAL checkpoints on a thread of their own. By default the connection whose commit takes the
 * WAL past 1,000 pages copies them into the database file (and syncs it) inside that commit: on the
 * one writer connection, with the event loop stopped. Measured on the accept path (bench of one
 * accepted email, 5 a transaction), that is 45% of the commit's time. With the writer's automatic
 * checkpoint off, checkpoint.worker.ts does the same PASSIVE checkpoint on another core a few times a
 * second. Durability is unchanged: a commit is in the WAL either way, and a crash replays the WAL.
 */
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { threadEntry } from '../lib/thread-entry.ts';

/** How often the thread looks at the WAL. */
const INTERVAL_MS = 200;

export interface Checkpointer {
  /** Stops the thread after its current checkpoint (the writer's close then checkpoints the rest). */
  stop(): Promise<void>;
}

/**
 * Starts checkpointing `file`; the caller turns the writer's own automatic checkpoint off, and back on
 * in `onFailure` (the thread could not open the file, or died): checkpoints are then slow, never skipped.
 */
export function startCheckpointer(file: string, onFailure: (err: Error) => void): Checkpointer {
  const worker = new Worker(threadEntry(import.meta.url, './checkpoint.worker'), {
    eval: true,
    workerData: { file, intervalMs: INTERVAL_MS },
    // It holds a connection and a timer: a small heap keeps the thread's resident share small.
    resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 },
  });
  // A process that forgot to close its database still exits.
  worker.unref();
  // An SQLite error crossing from the thread keeps its code but not always its message.
  worker.once('error', (err: Error & { code?: string }) =>
    onFailure(new Error(`the checkpoint thread stopped: ${err.message || err.code || String(err)}`)),
  );
  let stopped: Promise<void> | undefined;
  return {
    stop() {
      stopped ??= (async () => {
        if (worker.threadId === -1) return;
        const exited = once(worker, 'exit').catch(() => {});
        worker.postMessage('stop');
        await Promise.race([once(worker, 'message'), exited]);
        await worker.terminate();
      })();
      return stopped;
    },
  };
}
