/** Table shapes of image uploads (migration 0015), beside schema.ts, which lists them in `Database`. */
import type { Timestamp } from './column-types.ts';

/** Where an upload's bytes live; kept per row so switching backends never orphans older uploads. */
export type UploadBackend = 'local' | 's3';

/** Content types we accept, decided by magic bytes (uploads/image-sniff.ts). */
export type ImageContentType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

export interface UploadsTable {
  id: string;
  projectId: string;
  contentType: ImageContentType;
  size: number;
  /** Hex SHA-256 of the bytes; also the ETag. */
  sha256: string;
  backend: UploadBackend;
  /** Object key (S3) or file name under DATA_DIR/uploads (local); built from the id, never from the client's name. */
  storageKey: string;
  createdAt: Timestamp;
}

export interface UploadTables {
  uploads: UploadsTable;
}
