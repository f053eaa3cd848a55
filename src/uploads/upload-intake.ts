/**
 * Reads POST /uploads/image's multipart body: exactly one file, in the part named `file`, streamed
 * to a staging file (never held whole in memory) and cut off at UPLOAD_MAX_BYTES. Form fields
 * beside it are ignored, as unknown body fields are everywhere. Every refusal removes what was staged.
 */
import type { FastifyRequest } from 'fastify';
import type { UploadsConfig } from '../config.ts';
import { invalid, tooLarge } from '../errors.ts';
import { multipartError } from '../http/multipart-errors.ts';
import { type ImageKind, sniffImage } from './image-sniff.ts';
import { discardStaged, type StagedFile, stageStream } from './staging.ts';

export interface StagedImage extends StagedFile {
  kind: ImageKind;
}

/** Room for boundaries and part headers on top of the file itself, before Content-Length alone says "too big". */
const MULTIPART_OVERHEAD = 64 * 1024;

const megabytes = (n: number) => `${Math.round((n / (1024 * 1024)) * 100) / 100} MB`;

/** The staged image of the request; 422 for no file, two files or a non-image, 413 past the cap, 400 for a broken body. */
export async function receiveImage(req: FastifyRequest, uploads: UploadsConfig): Promise<StagedImage> {
  if (!req.isMultipart()) {
    throw invalid('file', 'is required: send multipart/form-data with the image in a part named "file"');
  }
  const tooBig = () => tooLarge(`The image is larger than ${megabytes(uploads.maxBytes)} (UPLOAD_MAX_BYTES).`);
  // A body announcing far more than the cap is refused before a byte of it is read.
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > uploads.maxBytes + MULTIPART_OVERHEAD) throw tooBig();

  let staged: StagedFile | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') throw invalid('file', 'is required: put the image in a part named "file"');
      if (staged) throw invalid('file', 'must be exactly one file; this request has several', 'TOO_MANY_FILES');
      staged = await stageStream(part.file, uploads.dir);
      if (part.file.truncated) throw tooBig();
    }
  } catch (err) {
    if (staged) await discardStaged(staged.path);
    throw multipartError(err, tooBig);
  }
  if (!staged) throw invalid('file', 'is required: put the image in a part named "file"');
  const kind = sniffImage(staged.head);
  if (!kind) {
    await discardStaged(staged.path);
    throw invalid(
      'file',
      staged.size === 0 ? 'is empty' : 'is not a PNG, JPEG, GIF or WebP image (judged by its content)',
      'UNSUPPORTED_IMAGE_TYPE',
    );
  }
  return { ...staged, kind };
}
