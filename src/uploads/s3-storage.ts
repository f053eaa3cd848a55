/** Images as objects in an S3-compatible bucket (AWS S3, MinIO, R2, …), under `uploads/<id>.<ext>`. */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config.ts';
import type { ImageContentType } from '../db/uploads-tables.ts';
import { IMMUTABLE_CACHE, inlineDisposition } from './served-headers.ts';
import { discardStaged, type StagedFile } from './staging.ts';
import type { UploadStorage } from './storage.ts';

/** One client per configuration (its connection pool is reused across requests). */
const clients = new WeakMap<S3Config, S3Client>();

function clientFor(s3: S3Config): S3Client {
  let client = clients.get(s3);
  if (!client) {
    client = new S3Client({
      region: s3.region,
      endpoint: s3.endpoint,
      forcePathStyle: s3.forcePathStyle,
      credentials:
        s3.accessKeyId && s3.secretAccessKey
          ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
          : undefined,
      // Checksums only where S3 requires them: the default streams bodies as aws-chunked with
      // trailing checksums, which several S3-compatible servers refuse. Integrity is ours: sha256 on the row.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A stuck storage server must not hold an upload request open indefinitely.
      requestHandler: { connectionTimeout: 5000, requestTimeout: 30_000 },
    });
    clients.set(s3, client);
  }
  return client;
}

const PUT_ATTEMPTS = 3;

/** A failure worth another try: throttling, a 5xx, or no answer at all (connection refused, timeout). */
function isTransient(err: unknown): boolean {
  if (!(err instanceof S3ServiceException)) return true;
  const status = err.$metadata.httpStatusCode ?? 0;
  return status >= 500 || status === 429 || err.name === 'SlowDown';
}

function isMissing(err: unknown): boolean {
  return err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404);
}

export function s3Storage(s3: S3Config): UploadStorage {
  const client = clientFor(s3);
  return {
    backend: 's3',
    keyFor: (id, ext) => `uploads/${id}.${ext}`,
    async put(staged: StagedFile, key: string, contentType: ImageContentType) {
      const fileName = key.slice(key.lastIndexOf('/') + 1);
      // The object carries the headers a public bucket serves it with (S3 cannot add nosniff or a CSP).
      const command = () =>
        new PutObjectCommand({
          Bucket: s3.bucket,
          Key: key,
          Body: createReadStream(staged.path),
          ContentLength: staged.size,
          ContentType: contentType,
          CacheControl: IMMUTABLE_CACHE,
          ContentDisposition: inlineDisposition(fileName),
        });
      // The SDK never retries a streamed body; the staged file can be read again, so we do.
      for (let attempt = 1; ; attempt++) {
        try {
          await client.send(command());
          break;
        } catch (err) {
          if (attempt >= PUT_ATTEMPTS || !isTransient(err)) throw err;
          await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
        }
      }
      await discardStaged(staged.path);
    },
    async open(key: string): Promise<Readable | undefined> {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
        return out.Body as Readable;
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },
    async remove(key: string) {
      await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
    },
    publicUrl: (key) => (s3.publicUrl ? `${s3.publicUrl}/${key}` : undefined),
  };
}
