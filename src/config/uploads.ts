/** Settings of image uploads (docs/uploads.md): size cap, local directory, S3-compatible storage. */
import path from 'node:path';
import { type Static, Type } from 'typebox';
import { Setting } from './settings.ts';

/** Used when S3_BUCKET is set; its other variables without S3_BUCKET are a mistake worth reporting. */
const S3Settings = Type.Object(
  {
    bucket: Setting.text('S3_BUCKET'),
    region: Setting.text(['S3_REGION', 'AWS_REGION'], 'us-east-1'),
    endpoint: Setting.optionalUrl('S3_ENDPOINT', false),
    forcePathStyle: Setting.flag('S3_FORCE_PATH_STYLE', false),
    /** Both or neither; without them the SDK's default credential chain (AWS_* variables, instance roles) is used. */
    accessKeyId: Setting.optionalText('S3_ACCESS_KEY_ID'),
    secretAccessKey: Setting.optionalText('S3_SECRET_ACCESS_KEY'),
    /** Public base of the bucket (a CDN or the bucket's website); unset: images are served through GET /uploads/:file. */
    publicUrl: Setting.optionalUrl('S3_PUBLIC_URL', false),
  },
  { presentWhen: 'bucket', orphans: true, together: [['accessKeyId', 'secretAccessKey']] },
);
export type S3Config = Static<typeof S3Settings>;

export const UploadsSettings = Type.Object({
  /** Largest image accepted, in bytes; a bigger one is refused with 413. */
  maxBytes: Setting.int('UPLOAD_MAX_BYTES', 5 * 1024 * 1024, 1024, 100 * 1024 * 1024),
  /** Derived: DATA_DIR/uploads, images on local storage and the staging area of every upload. */
  dir: Type.String(),
  s3: Type.Optional(S3Settings),
});
export type UploadsConfig = Static<typeof UploadsSettings>;

/** Puts the local upload directory under the data directory. */
export function finishUploads(c: UploadsConfig, dataDir: string): void {
  c.dir = path.join(dataDir, 'uploads');
}
