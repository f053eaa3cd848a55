/**
 * Where image bytes live. New uploads go to S3 when S3_BUCKET is configured, to DATA_DIR/uploads
 * otherwise; each row remembers its backend, so reading always looks where the bytes were put.
 */
import type { UploadsConfig } from '../config.ts';
import type { UploadBackend } from '../db/uploads-tables.ts';
import { localDiskStorage } from './local-storage.ts';
import { s3Storage } from './s3-storage.ts';
import type { UploadStorage } from './upload-storage.ts';

/** The backend new uploads are written to. */
export function writeStorage(uploads: UploadsConfig): UploadStorage {
  return uploads.s3 ? s3Storage(uploads.s3) : localDiskStorage(uploads.dir);
}

/** The backend holding a row's bytes, or undefined when that backend is no longer configured. */
export function storageOf(uploads: UploadsConfig, backend: UploadBackend): UploadStorage | undefined {
  if (backend === 's3') return uploads.s3 ? s3Storage(uploads.s3) : undefined;
  return localDiskStorage(uploads.dir);
}
