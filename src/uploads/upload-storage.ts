/** What a storage backend of image bytes does (local disk or S3); storage.ts picks one. */
import type { Readable } from 'node:stream';
import type { ImageContentType, UploadBackend } from '../db/uploads-tables.ts';
import type { ImageKind } from './image-sniff.ts';
import type { StagedFile } from './staging.ts';

export interface UploadStorage {
  backend: UploadBackend;
  /** The storage key of a new upload: built from our id only. */
  keyFor(id: string, ext: ImageKind['ext']): string;
  /** Publishes a complete staged file under `key`, whole or not at all; storeImage discards what is left staged. */
  put(staged: StagedFile, key: string, contentType: ImageContentType): Promise<void>;
  /** The bytes stored under `key`, or undefined when there are none. */
  open(key: string): Promise<Readable | undefined>;
  /** Removes the object; a missing one is fine. */
  remove(key: string): Promise<void>;
  /** Where clients fetch `key` directly (S3_PUBLIC_URL); undefined: through GET /uploads/:file. */
  publicUrl(key: string): string | undefined;
}
