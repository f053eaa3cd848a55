/**
 * The SQLite checkpointer's thread (checkpointer.ts): on a connection of its own, copies the WAL's
 * committed pages into the database file whenever the WAL has grown since the last look, so the
 * writer's commits never pay for it. PASSIVE, as SQLite's own automatic checkpoint: it never waits
 * for, nor blocks, a reader or the writer; what a reader still needs is copied at a later look.
 */
import { statSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';

const { file, intervalMs } = workerData as { file: string; intervalMs: number };
const db = new SqliteDatabase(file, { fileMustExist: true });
// A checkpoint copies WAL frames into the file without going through the page cache: keep it small.
db.pragma('cache_size = -256');
let seen = '';

/** The WAL's size and time of change: a different answer means commits since the last look. */
function walStamp(): string {
  try {
    const s = statSync(`${file}-wal`);
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return '';
  }
}

const timer = setInterval(() => {
  const stamp = walStamp();
  if (stamp === '' || stamp === seen) return;
  seen = stamp;
  db.pragma('wal_checkpoint(PASSIVE)');
}, intervalMs);

parentPort!.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort!.postMessage('stopped');
});
