/** POST /v1/send. The rules live in send.service.ts; Idempotency-Key handling in http/idempotency.ts. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps.ts';
import { requireProject } from '../http/auth.ts';
import { withIdempotency } from '../http/idempotency.ts';
import { SendBody, SendResult } from './send.schemas.ts';
import { sendEmail } from './send.service.ts';

/** Room for the largest allowed attachments as base64 (4/3) plus the rest of the body. */
export function sendBodyLimit(attachmentsMaxBytes: number): number {
  return Math.ceil((attachmentsMaxBytes * 4) / 3) + 4 * 1024 * 1024;
}

export const sendRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.post(
    '/v1/send',
    {
      onRequest: requireProject(deps),
      bodyLimit: sendBodyLimit(deps.config.attachmentsMaxBytes),
      schema: { tags: ['send'], security: [{ apiKey: [] }], body: SendBody, response: { 200: SendResult } },
    },
    async (req, reply) => {
      const projectId = req.auth!.projectId;
      const key = req.headers['idempotency-key'];
      const r = await withIdempotency(deps, projectId, key, req.body, async () => ({
        statusCode: 200,
        body: { success: true as const, data: await sendEmail(deps, projectId, req.body) },
      }));
      if (r.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(r.statusCode as 200).send(r.body);
    },
  );
};
