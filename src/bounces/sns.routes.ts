/**
 * POST /webhooks/sns: SES feedback through Amazon SNS (interface.md Authentication 8). SNS posts
 * JSON as `text/plain`, so this scope alone parses text/plain as JSON, with the edge guard's limits.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps.ts';
import { addJsonParser, shapeLimits } from '../http/input-guard.ts';
import { SnsBody, SnsReply } from './sns.schemas.ts';
import { receiveSnsMessage, snsGuard } from './sns.service.ts';
import { createCertFetcher } from './sns.ts';

export const snsRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  addJsonParser(app, 'text/plain', shapeLimits(deps.config));
  const fetchCert = createCertFetcher(snsGuard(deps));
  const schema = {
    tags: ['webhooks'],
    consumes: ['application/json', 'text/plain'],
    body: SnsBody,
    response: { 200: SnsReply },
  };
  app.post('/webhooks/sns', { schema }, async (req) => ({
    success: true as const,
    outcome: await receiveSnsMessage(deps, req.body, fetchCert),
  }));
};
