/** /contacts/import: multipart upload of a CSV (part `file`, at most 5 MB) and the job's status. */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { invalid, tooLarge } from '../../errors.ts';
import { stringProblem } from '../../http/input-guard.ts';
import { multipartError } from '../../http/multipart-errors.ts';
import { MAX_CSV_BYTES } from './csv-file.ts';
import { ImportJobView, JobIdParams, QueuedJob } from './import.schemas.ts';
import { getImport, startImport } from './import.service.ts';

/**
 * Reads the `file` part whole (it is at most 5 MB): 422 when there is none, 413 when it is too big,
 * 400 when the multipart body itself cannot be parsed (busboy's errors carry no status of their own).
 */
async function readCsvUpload(req: FastifyRequest): Promise<{ fileName: string; buffer: Buffer }> {
  if (!req.isMultipart()) {
    throw invalid('file', 'is required: send multipart/form-data with the CSV in a part named "file"');
  }
  try {
    const part = await req.file();
    if (part?.fieldname !== 'file') throw invalid('file', 'is required: put the CSV in a part named "file"');
    // The file name is stored with the job: PostgreSQL refuses a NUL in it (the JSON edge guard never sees multipart).
    const nameProblem = stringProblem(part.filename ?? '');
    if (nameProblem) throw invalid('file', `has a file name that ${nameProblem}`, 'INVALID_CHARACTERS');
    return { fileName: part.filename || 'upload.csv', buffer: await part.toBuffer() };
  } catch (err) {
    throw multipartError(err, () => tooLarge('The CSV file is larger than 5 MB.'));
  }
}

/** The import routes (with multipart parsing in this scope only); auth comes from the parent plugin. */
export const importRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  await app.register(multipart, { limits: { fileSize: MAX_CSV_BYTES, files: 1, fields: 10, parts: 11 } });
  const tags = ['contacts'];
  const security = [{ apiKey: [] }];

  app.post(
    '/contacts/import',
    { schema: { tags, security, consumes: ['multipart/form-data'], response: { 202: QueuedJob } } },
    async (req, reply) => reply.code(202).send(await startImport(deps, req.auth!.projectId, await readCsvUpload(req))),
  );

  app.get(
    '/contacts/import/:jobId',
    { schema: { tags, security, params: JobIdParams, response: { 200: ImportJobView } } },
    async (req) => getImport(deps, req.auth!.projectId, req.params.jobId),
  );
};
