/**
 * The multipart parser's errors (@fastify/multipart, busboy) carry no envelope: this maps them to
 * ours, once for every upload route (CSV import, images).
 */
import { AppError, badRequest, invalid, tooLarge } from '../errors.ts';

/** Our error for `err` thrown while reading a multipart body; `tooBig` names the route's own size cap. */
export function multipartError(err: unknown, tooBig: () => AppError): unknown {
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
