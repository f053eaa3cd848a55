/** /suppressions/import: multipart upload of a CSV (part `file`, at most 5 MB) and the import's progress. */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { invalid, tooLarge } from '../../errors.ts';
import { stringProblem } from '../../http/input-guard.ts';
import { multipartError } from '../../http/multipart-errors.ts';
import { routeSchema } from '../../http/routes.ts';
import { IdParams } from '../../http/schemas.ts';
import { SuppressionImport } from '../suppressions.schemas.ts';
import { getSuppressionImport, startSuppressionImport } from './import.service.ts';
import { MAX_IMPORT_BYTES } from './import-file.ts';

/** Room for boundaries and part headers, before Content-Length alone says "too big". */
const MULTIPART_OVERHEAD = 64 * 1024;
const tooBig = () => tooLarge('The CSV file is larger than 5 MB; split it into several imports.');

/**
 * Reads the `file` part whole (at most 5 MB): 422 when there is none, 413 when it is too big (a body
 * announcing more is refused unread), 400 when the multipart body cannot be parsed.
 */
async function readUpload(req: FastifyRequest): Promise<{ fileName: string; buffer: Buffer }> {
  if (!req.isMultipart()) {
    throw invalid('file', 'is required: send multipart/form-data with the CSV in a part named "file"');
  }
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_IMPORT_BYTES + MULTIPART_OVERHEAD) throw tooBig();
  try {
    const part = await req.file();
    if (part?.fieldname !== 'file') throw invalid('file', 'is required: put the CSV in a part named "file"');
    // The name is stored with the import: PostgreSQL refuses a NUL in it (the JSON edge guard never sees multipart).
    const nameProblem = stringProblem(part.filename ?? '');
    if (nameProblem) throw invalid('file', `has a file name that ${nameProblem}`, 'INVALID_CHARACTERS');
    return { fileName: part.filename || 'suppressions.csv', buffer: await part.toBuffer() };
  } catch (err) {
    throw multipartError(err, tooBig);
  }
}

/** The import routes (multipart parsing in this scope only); auth comes from the parent plugin. */
export const suppressionImportRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10, parts: 11 } });
  const schema = routeSchema('suppressions');

  app.post(
    '/suppressions/import',
    schema({ consumes: ['multipart/form-data'], response: { 202: SuppressionImport } }),
    async (req, reply) =>
      reply.code(202).send(await startSuppressionImport(deps, req.auth!.projectId, await readUpload(req))),
  );
  app.get(
    '/suppressions/imports/:id',
    schema({ params: IdParams, response: { 200: SuppressionImport } }),
    async (req) => getSuppressionImport(deps, req.auth!.projectId, req.params.id),
  );
};
