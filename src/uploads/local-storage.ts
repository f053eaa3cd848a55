/** Images as files under DATA_DIR/uploads, named `<id>.<ext>` (from our own id, never the client's name). */
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { UPLOAD_FILE_NAME } from './image-sniff.ts';
import type { StagedFile } from './staging.ts';
import type { UploadStorage } from './upload-storage.ts';

/** The path of a key we wrote; anything else is refused before it is joined to a path. */
function fileOf(dir: string, key: string): string {
  if (!UPLOAD_FILE_NAME.test(key)) throw new Error(`Not an upload key: ${JSON.stringify(key)}`);
  return path.join(dir, key);
}

/** fsync of a directory; platforms that cannot open one (Windows) skip it. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r').catch(() => undefined);
  try {
    await handle?.sync();
  } finally {
    await handle?.close();
  }
}

export function localDiskStorage(dir: string): UploadStorage {
  return {
    backend: 'local',
    keyFor: (id, ext) => `${id}.${ext}`,
    // The staging file is complete and flushed; a rename publishes it whole or not at all. The
    // directory is synced too, so the rename is on disk before the row naming the file is written.
    async put(staged: StagedFile, key: string) {
      await rename(staged.path, fileOf(dir, key));
      await syncDirectory(dir);
    },
    async open(key: string): Promise<Readable | undefined> {
      // Opened first so that a missing file is a 404 rather than a stream error mid-response.
      const handle = await open(fileOf(dir, key), 'r').catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return undefined;
        throw err;
      });
      return handle?.createReadStream();
    },
    async remove(key: string) {
      await rm(fileOf(dir, key), { force: true });
    },
    publicUrl: () => undefined,
  };
}
