/** Images as objects in an S3-compatible bucket (AWS S3, MinIO, R2, …), under `uploads/<id>.<ext>`. */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config.ts';
import type { ImageContentType } from '../db/uploads-tables.ts';
import { awsCredentials } from '../lib/aws.ts';
import { IMMUTABLE_CACHE, inlineDisposition } from './served-headers.ts';
import type { StagedFile } from './staging.ts';
import type { UploadStorage } from './upload-storage.ts';

type Sdk = typeof import('@aws-sdk/client-s3');

// The SDK is loaded on first use, as the SES transport loads its own: importing it costs ~23 MB of
// memory and ~0.4 s (measured with process.memoryUsage around the import) that a process keeping
// images under DATA_DIR should not pay.
let loading: Promise<Sdk> | undefined;

/** One client per configuration (its connection pool is reused across requests). */
const clients = new WeakMap<S3Config, Promise<{ sdk: Sdk; client: S3Client }>>();

function clientFor(s3: S3Config): Promise<{ sdk: Sdk; client: S3Client }> {
  let client = clients.get(s3);
  if (!client) {
    loading ??= import('@aws-sdk/client-s3');
    client = loading.then((sdk) => ({ sdk, client: newClient(sdk, s3) }));
    clients.set(s3, client);
  }
  return client;
}

function newClient(sdk: Sdk, s3: S3Config): S3Client {
  return new sdk.S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials: awsCredentials(s3),
    // Checksums only where S3 requires them: the default streams bodies as aws-chunked with
    // trailing checksums, which several S3-compatible servers refuse. Integrity is ours: sha256 on the row.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A stuck storage server must not hold an upload request open indefinitely.
    requestHandler: { connectionTimeout: 5000, requestTimeout: 30_000 },
  });
}

const PUT_ATTEMPTS = 3;

/** A failure worth another try: throttling, a 5xx, or no answer at all (connection refused, timeout). */
function isTransient(sdk: Sdk, err: unknown): boolean {
  if (!(err instanceof sdk.S3ServiceException)) return true;
  const status = err.$metadata.httpStatusCode ?? 0;
  return status >= 500 || status === 429 || err.name === 'SlowDown';
}

function isMissing(sdk: Sdk, err: unknown): boolean {
  return err instanceof sdk.S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404);
}

export function s3Storage(s3: S3Config): UploadStorage {
  return {
    backend: 's3',
    keyFor: (id, ext) => `uploads/${id}.${ext}`,
    async put(staged: StagedFile, key: string, contentType: ImageContentType) {
      const { sdk, client } = await clientFor(s3);
      const fileName = key.slice(key.lastIndexOf('/') + 1);
      // The object carries the headers a public bucket serves it with (S3 cannot add nosniff or a CSP).
      const command = () =>
        new sdk.PutObjectCommand({
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
          return;
        } catch (err) {
          if (attempt >= PUT_ATTEMPTS || !isTransient(sdk, err)) throw err;
          await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
        }
      }
    },
    async open(key: string): Promise<Readable | undefined> {
      const { sdk, client } = await clientFor(s3);
      try {
        const out = await client.send(new sdk.GetObjectCommand({ Bucket: s3.bucket, Key: key }));
        return out.Body as Readable;
      } catch (err) {
        if (isMissing(sdk, err)) return undefined;
        throw err;
      }
    },
    async remove(key: string) {
      const { sdk, client } = await clientFor(s3);
      await client.send(new sdk.DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
    },
    publicUrl: (key) => (s3.publicUrl ? `${s3.publicUrl}/${key}` : undefined),
  };
}
