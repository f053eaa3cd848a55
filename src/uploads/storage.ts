/**
 * Where image bytes live. New uploads go to S3 when S3_BUCKET is configured, to DATA_DIR/uploads
 * otherwise; each row remembers its backend, so reading always looks where the bytes were put.
 */
import type { Readable } from 'node:stream';
import type { UploadsConfig } from '../config.ts';
import type { ImageContentType, UploadBackend } from '../db/uploads-tables.ts';
import type { ImageKind } from './image-sniff.ts';
import { localDiskStorage } from './local-storage.ts';
import { s3Storage } from './s3-storage.ts';
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

/** The backend new uploads are written to. */
export function writeStorage(uploads: UploadsConfig): UploadStorage {
  return uploads.s3 ? s3Storage(uploads.s3) : localDiskStorage(uploads.dir);
}

/** The backend holding a row's bytes, or undefined when that backend is no longer configured. */
export function storageOf(uploads: UploadsConfig, backend: UploadBackend): UploadStorage | undefined {
  if (backend === 's3') return uploads.s3 ? s3Storage(uploads.s3) : undefined;
  return localDiskStorage(uploads.dir);
}
