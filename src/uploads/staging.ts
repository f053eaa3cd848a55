/**
 * Receives an upload's bytes into a staging file under DATA_DIR/uploads/.staging while hashing them
 * and keeping their first bytes for the sniffer. Nothing is ever served from here: a file becomes
 * visible only when storage moves it (a rename on the same file system, or a PUT to S3) and its
 * row is written, so a crash mid-upload leaves at most an unreferenced staging file.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Deps } from '../deps.ts';
import { SNIFF_BYTES } from './image-sniff.ts';

export interface StagedFile {
  path: string;
  size: number;
  sha256: string;
  /** The first SNIFF_BYTES bytes (fewer for a shorter file). */
  head: Buffer;
}

/** The staging directory beside the stored files (same file system, so the final move is a rename). */
function stagingDir(uploadsDir: string): string {
  return path.join(uploadsDir, '.staging');
}

/** Writes `source` to a new staging file, flushed to disk before it resolves. */
export async function stageStream(source: Readable, uploadsDir: string): Promise<StagedFile> {
  const dir = stagingDir(uploadsDir);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, randomUUID());
  const hash = createHash('sha256');
  const headChunks: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  try {
    await pipeline(
      source,
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          hash.update(chunk);
          size += chunk.length;
          if (headLength < SNIFF_BYTES) {
            const part = chunk.subarray(0, SNIFF_BYTES - headLength);
            headChunks.push(part);
            headLength += part.length;
          }
          yield chunk;
        }
      },
      // flush: fsync before close, so the rename that publishes the file never publishes a hole.
      createWriteStream(file, { flags: 'wx', flush: true }),
    );
  } catch (err) {
    await discardStaged(file);
    throw err;
  }
  return { path: file, size, sha256: hash.digest('hex'), head: Buffer.concat(headChunks) };
}

/** Removes a staging file; a missing one is fine. */
export async function discardStaged(file: string): Promise<void> {
  await rm(file, { force: true });
}

/** A staging file untouched this long belongs to no upload in progress (each write refreshes its mtime). */
const STALE_STAGING_MS = 60 * 60 * 1000;

/**
 * Removes staging files a crashed process left behind (older than an hour); for the hourly
 * maintenance job. Safe beside running uploads, whose files are always fresher. Returns how many.
 */
export async function pruneUploadStaging(deps: Pick<Deps, 'config' | 'clock'>): Promise<number> {
  const dir = stagingDir(deps.config.uploads.dir);
  const names = await readdir(dir).catch(() => [] as string[]);
  const cutoff = deps.clock.now().getTime() - STALE_STAGING_MS;
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info?.isFile() && info.mtimeMs < cutoff) {
      await discardStaged(file);
      removed++;
    }
  }
  return removed;
}
