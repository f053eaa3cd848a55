/**
 * /uploads: POST /uploads/image (multipart, part `file`), the project's list and delete, and the
 * public GET /uploads/:file that serves images embedded in emails. Rules live in uploads.service.ts.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Deps } from '../deps.ts';
import { requireProject } from '../http/auth.ts';
import { receiveImage } from './upload-intake.ts';
import {
  ImageBody,
  ListUploadsQuery,
  UploadFileParams,
  UploadIdParams,
  UploadPage,
  UploadView,
} from './uploads.schemas.ts';
import { deleteUpload, listUploads, serveImage, storeImage } from './uploads.service.ts';

const tags = ['uploads'];

/** The project's side: upload, list, delete (secret key, or session with X-Project-Id). */
const projectUploadRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireProject(deps));
  // Two files get through the parser, so the second is refused as such (422) rather than as a limit.
  // Form fields are held in memory by the parser, so they are few and small (they are ignored anyway).
  const limits = { fileSize: deps.config.uploads.maxBytes, files: 2, fields: 10, fieldSize: 64 * 1024, parts: 12 };
  await app.register(multipart, { limits });
  const security = [{ apiKey: [] }];

  app.post(
    '/uploads/image',
    { schema: { tags, security, consumes: ['multipart/form-data'], response: { 201: UploadView } } },
    async (req, reply) =>
      reply.code(201).send(await storeImage(deps, req.auth!.projectId, await receiveImage(req, deps.config.uploads))),
  );

  app.get(
    '/uploads',
    { schema: { tags, security, querystring: ListUploadsQuery, response: { 200: UploadPage } } },
    async (req) => listUploads(deps, req.auth!.projectId, req.query),
  );

  app.delete('/uploads/:id', { schema: { tags, security, params: UploadIdParams } }, async (req, reply) => {
    await deleteUpload(deps, req.auth!.projectId, req.params.id);
    return reply.code(204).send();
  });
};

export const uploadRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  // Public, no auth: the URL is in emails. Served with nosniff, a sandboxing CSP and year-long caching.
  const serve = async (req: FastifyRequest<{ Params: UploadFileParams }>, reply: FastifyReply) => {
    const served = await serveImage(deps, req.params.file, req.headers['if-none-match'], req.method !== 'HEAD');
    if (served.kind === 'redirect') return reply.redirect(served.url, 302);
    return reply.code(served.status).headers(served.headers).send(served.body);
  };
  const response = { 200: ImageBody, 302: Type.Null(), 304: Type.Null() };
  app.get('/uploads/:file', { exposeHeadRoute: false, schema: { tags, params: UploadFileParams, response } }, serve);
  // HEAD of its own, answered from the row: Fastify's automatic one would read the whole file (or
  // S3 object) only to discard it.
  app.head('/uploads/:file', { schema: { params: UploadFileParams } }, serve);

  await app.register(projectUploadRoutes, { deps });
};
