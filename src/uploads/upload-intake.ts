/**
 * Reads POST /uploads/image's multipart body: exactly one file, in the part named `file`, streamed
 * to a staging file (never held whole in memory) and cut off at UPLOAD_MAX_BYTES. Form fields
 * beside it are ignored, as unknown body fields are everywhere. Every refusal removes what was staged.
 */
import type { FastifyRequest } from 'fastify';
import type { UploadsConfig } from '../config.ts';
import { AppError, badRequest, invalid, tooLarge } from '../errors.ts';
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

/** Maps the multipart parser's errors (which carry no envelope) to ours. */
function multipartError(err: unknown, tooBig: () => AppError): unknown {
  if (err instanceof AppError) return err;
  const e = err as { code?: string; statusCode?: number; message?: string };
  if (e.code === 'FST_REQ_FILE_TOO_LARGE') return tooBig();
  if (e.code === 'FST_FILES_LIMIT') {
    return invalid('file', 'must be exactly one file; this request has several', 'TOO_MANY_FILES');
  }
  if (e.code === 'FST_PARTS_LIMIT' || e.code === 'FST_FIELDS_LIMIT') return tooLarge('The form has too many parts.');
  // Our own disk failing (full, no permission) is a server error, not the client's.
  if (typeof err === 'object' && err !== null && 'syscall' in err) return err;
  // Busboy's own errors (no boundary, a part cut short) carry no status: the body cannot be read.
  if (e.statusCode === undefined || (e.statusCode >= 400 && e.statusCode < 500)) {
    return badRequest(`The multipart body could not be read: ${e.message ?? 'malformed'}`);
  }
  return err;
}
