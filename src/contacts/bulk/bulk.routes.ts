/** /contacts/bulk-*: queued subscribe, unsubscribe and delete over at most 1000 ids, and their status. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { BulkAction } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { JobIdParams, QueuedJob } from '../import/import.schemas.ts';
import { BulkBody, BulkJobView } from './bulk.schemas.ts';
import { getBulk, startBulk } from './bulk.service.ts';

const ACTIONS: Record<string, BulkAction> = {
  '/contacts/bulk-subscribe': 'subscribe',
  '/contacts/bulk-unsubscribe': 'unsubscribe',
  '/contacts/bulk-delete': 'delete',
};

/** The bulk action routes; the project comes from the parent plugin's auth hook. */
export const bulkRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  const tags = ['contacts'];
  const security = [{ apiKey: [] }];

  for (const [url, action] of Object.entries(ACTIONS)) {
    app.post(url, { schema: { tags, security, body: BulkBody, response: { 202: QueuedJob } } }, async (req, reply) =>
      reply.code(202).send(await startBulk(deps, req.auth!.projectId, action, req.body.contactIds)),
    );
  }

  app.get(
    '/contacts/bulk/:jobId',
    { schema: { tags, security, params: JobIdParams, response: { 200: BulkJobView } } },
    async (req) => getBulk(deps, req.auth!.projectId, req.params.jobId),
  );
};
